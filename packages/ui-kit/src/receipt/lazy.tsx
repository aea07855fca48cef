import { lazy, Suspense, type ComponentProps } from 'react';

type SheetModule = { default: typeof import('./ReceiptDialog').ReceiptSheetDialog };
let loading: Promise<SheetModule> | null = null;
const load = () => (loading ??= import('./ReceiptDialog').then((m) => ({ default: m.ReceiptSheetDialog })));

// the 80 mm receipt and its picture library load when first asked for, or ahead (a till prints offline)
const Sheet = lazy(load);

/**
 * Loads the receipt's code now, while the network answers: a till that goes offline still prints (its page has
 * no service worker, so a chunk not loaded before the network dropped could not load after).
 */
export function preloadReceipt(): void {
  load().catch(() => {
    loading = null;
  });
  import('html-to-image').catch(() => undefined);
}

/** An 80 mm receipt of a prepared model (a till's own sale), loaded on first use. */
export function ReceiptSheetDialog(props: ComponentProps<typeof Sheet>) {
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
