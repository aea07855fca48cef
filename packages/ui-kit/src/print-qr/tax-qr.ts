import QRCode from 'qrcode';

/**
 * The tax authority's QR code as an image (issue 14, deliverable 6): the TLV text of `zatcaQrText` drawn as a
 * PNG data URL, error correction M (ZATCA's guideline), a quiet zone of four modules so a phone or a scanner
 * finds it on paper. Used by every printed tax invoice and receipt.
 */
export function taxQrDataUrl(text: string, width = 192): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width, type: 'image/png' });
}
