/**
 * A receipt as a picture for direct printing (issue 15, deliverable 6; the spec's direct print settings): the
 * browser has laid out and shaped the Arabic, and the picture is what a thermal printer gets, 576 dots wide (72 mm
 * at 203 dpi, an 80 mm roll's printable width), never text for the printer's own font, which cannot join Arabic
 * letters or order a right-to-left line.
 */
export const RECEIPT_DOTS = 576;

export async function receiptPicture(node: HTMLElement): Promise<string> {
  // loaded when first used: the image library stays out of every screen's first load
  const { toPng } = await import('html-to-image');
  const width = node.offsetWidth || RECEIPT_DOTS;
  return toPng(node, { backgroundColor: '#ffffff', pixelRatio: RECEIPT_DOTS / width, cacheBust: false });
}
