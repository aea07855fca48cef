import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PosLookups } from '@erp/contracts';
import { preloadReceipt, ReceiptSheetDialog, tillReceiptOf, useFeature, useLetterhead } from '@erp/ui-kit';
import type { BarcodeIndex } from './barcode-index';
import type { OutboxEntry } from './outbox';
import { writeMeta, type TillMeta } from './till-db';

type Fail = (key: string, params?: Record<string, unknown>) => void;

/**
 * The receipt of the till's last sale (issue 15 deliverable 6), from the till's own copy of it: its final number,
 * moment of issue and QR code were fixed when it was made, so it prints offline too, before the server has it.
 * The company's and branch's names are kept with the till's meta while online. Ctrl+P opens it (the browser's
 * own print of the till's screen is never what a cashier wants).
 */
export function useTillReceipt(
  db: IDBDatabase | null,
  meta: TillMeta | null,
  index: { current: BarcodeIndex },
  lookups: PosLookups,
  reload: () => Promise<void>,
  fail: Fail,
) {
  const { branch } = useFeature();
  const live = useLetterhead();
  const [open, setOpen] = useState(false);

  useEffect(() => preloadReceipt(), []);
  useEffect(() => {
    if (db && live) void writeMeta(db, { letterhead: live });
  }, [db, live]);

  const letterhead = live ?? meta?.letterhead ?? null;
  const lastSale = meta?.lastSale ?? null;
  const model = useMemo(() => {
    if (!lastSale || !letterhead) return null;
    return tillReceiptOf(
      lastSale,
      letterhead.company,
      letterhead.branches.find((b) => b.id === branch?.id) ?? null,
      {
        item: (id) => index.current.byId.get(id),
        unit: (id) => lookups.units.find((u) => u.id === id),
        payment: (id) => lookups.paymentMethods.find((m) => m.id === id),
      },
    );
  }, [lastSale, letterhead, branch, index, lookups]);

  /** The sale just made, kept as made (with the change given) for its receipt. */
  const remember = useCallback(
    async (entry: OutboxEntry, change: string) => {
      if (!db) return;
      await writeMeta(db, {
        lastSale: { number: entry.number, issuedAt: entry.input.issuedAt, sale: entry.input.sale, change },
      });
      await reload();
    },
    [db, reload],
  );

  const show = useCallback(() => {
    if (!lastSale) return fail('noReceipt');
    if (!model) return fail('receiptNeedsCompany');
    setOpen(true);
  }, [lastSale, model, fail]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'p' && !open) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [show, open]);

  return { show, remember, open, model, lastNumber: lastSale?.number ?? null, hide: () => setOpen(false) };
}

/** The receipt dialog of the last sale (print through the browser at 80 mm, or as a picture). */
export function TillReceipt({
  receipt,
  onHide,
}: {
  receipt: ReturnType<typeof useTillReceipt>;
  onHide: () => void;
}) {
  if (!receipt.open || !receipt.model) return null;
  return (
    <ReceiptSheetDialog
      model={receipt.model}
      onHide={() => {
        receipt.hide();
        onHide();
      }}
    />
  );
}
