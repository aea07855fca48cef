import { Suspense, use } from 'react';

// the QR library (≈ 9 KB gz) comes with the first code drawn: most documents a form opens have none (a transfer,
// an adjustment), and the image is drawn apart from the page anyway (issue 12: a screen fetches what it uses)
const taxQrDataUrl = (text: string, size: number) =>
  import('./tax-qr').then((m) => m.taxQrDataUrl(text, size));

// the images drawn this session, by text and size: a re-render (or a second print) draws nothing again
const drawn = new Map<string, Promise<string | null>>();
const KEPT = 32;

function image(text: string, size: number): Promise<string | null> {
  const key = `${size}:${text}`;
  let found = drawn.get(key);
  if (!found) {
    found = taxQrDataUrl(text, size).catch(() => null);
    drawn.set(key, found);
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return found;
}

function QrImage({ text, label, size }: { text: string; label: string; size: number }) {
  const src = use(image(text, size));
  return src ? (
    <img src={src} width={size} height={size} alt={label} data-testid="tax-qr" data-qr-text={text} />
  ) : null;
}

/**
 * The QR code of a tax invoice on screen and on paper; drawn once its text is known. It suspends while the image
 * is drawn (its own boundary: the rest of the print shows meanwhile), so a server render waits for it too.
 */
export function TaxQrCode({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  return (
    <Suspense fallback={null}>
      <QrImage text={text} label={label} size={size} />
    </Suspense>
  );
}
