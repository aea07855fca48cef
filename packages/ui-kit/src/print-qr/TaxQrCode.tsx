import { useEffect, useState } from 'react';
import { taxQrDataUrl } from './tax-qr';

/** The QR code of a tax invoice on screen and on paper; drawn once its text is known. */
export function TaxQrCode({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    taxQrDataUrl(text, size)
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? (
    <img src={src} width={size} height={size} alt={label} data-testid="tax-qr" data-qr-text={text} />
  ) : null;
}
