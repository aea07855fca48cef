import { loadable } from '../loadable';

// the 80 mm receipt and its picture library load when first asked for, or ahead (a till prints offline)
const Sheet = loadable(() => import('./ReceiptDialog').then((m) => m.ReceiptSheetDialog));

/**
 * Loads the receipt's code now, while the network answers: a till that goes offline still prints (its page has
 * no service worker, so a chunk not loaded before the network dropped could not load after).
 */
export function preloadReceipt(): void {
  Sheet.preload();
  import('html-to-image').catch(() => undefined);
}

/** An 80 mm receipt of a prepared model (a till's own sale), loaded on first use. */
export const ReceiptSheetDialog = Sheet;
