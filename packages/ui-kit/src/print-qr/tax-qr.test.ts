import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parseZatcaQr, zatcaQrText } from '@erp/contracts';
import { taxQrDataUrl } from './tax-qr';

/** The image's text, read by an independent decoder (jsQR) from the PNG the print shows. */
async function decode(dataUrl: string): Promise<string | null> {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe("the tax invoice's QR image", () => {
  it('decodes, with another library, to the TLV fields of the invoice', async () => {
    const fields = {
      sellerName: 'مؤسسة الرياض للتجارة',
      vatNumber: '310122393500003',
      timestamp: '2026-11-27T09:15:00Z',
      total: '1150.00',
      vat: '150.00',
    };
    const text = zatcaQrText(fields);
    const read = await decode(await taxQrDataUrl(text));
    expect(read).toBe(text);
    expect(parseZatcaQr(read!)).toEqual(fields);
  });
});
