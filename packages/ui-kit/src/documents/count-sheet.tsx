import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dec, formatDecimal, quantityFieldOf, type DocumentDef, type StockBalanceRow } from '@erp/contracts';
import { useFeature } from '../feature';
import type { ExtraColumn } from '../lines/LinesGrid';
import type { FormValues } from '../master-data/form-model';
import { conversionRateOf, type CatalogItem } from './items';

/** A document holds at most this many lines (the API's limit): a fill stops there. */
export const MAX_DOCUMENT_LINES = 1000;
const PAGE = 500;

const decimalOf = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s !== '' && !Number.isNaN(Number(s)) ? s : null;
};

/** The store's book quantities (main unit) at the document's date, per item; one entry per item held. */
async function loadBook(
  api: ReturnType<typeof useFeature>['api'],
  storeId: string,
  date: string,
  signal: AbortSignal,
): Promise<StockBalanceRow[]> {
  // inventory's routes (with the stock reports' declarations) come with the first count sheet, not with every
  // document form (issue 12: a screen fetches what it uses)
  const { inventoryRoutes } = await import('@erp/contracts/src/inventory-routes');
  const rows: StockBalanceRow[] = [];
  for (let page = 1; rows.length < MAX_DOCUMENT_LINES; page++) {
    const answer = await api.get<{ items: StockBalanceRow[]; total: number }>(
      inventoryRoutes.stockBalance.path,
      undefined,
      { query: { storeId, date, nonZero: 'true', page, pageSize: PAGE }, signal, quiet: true },
    );
    rows.push(...answer.items);
    if (page * PAGE >= answer.total) break;
  }
  return rows.slice(0, MAX_DOCUMENT_LINES);
}

/**
 * The count sheet of a stocktaking (DocumentDef.countSheet): the store's book quantities at the document's
 * date beside each line, the difference the close will post, and a fill that lists every item the store
 * holds with its book quantity as the count, so the counters only change what they find different.
 */
export function useCountSheet(
  doc: DocumentDef,
  values: FormValues,
  lines: readonly FormValues[],
  items: Readonly<Record<string, CatalogItem>>,
  digits: number,
) {
  const { api, notify } = useFeature();
  const { t } = useTranslation('ui');
  const storeId = typeof values.storeId === 'string' ? values.storeId : '';
  const date = typeof values.date === 'string' ? values.date : '';
  const [book, setBook] = useState<StockBalanceRow[] | null>(null);
  const enabled = doc.countSheet === true && storeId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date);

  useEffect(() => {
    setBook(null);
    if (!enabled) return;
    const controller = new AbortController();
    loadBook(api, storeId, date, controller.signal).then(setBook, () => undefined);
    return () => controller.abort();
  }, [api, enabled, storeId, date]);

  const byItem = useMemo(() => new Map((book ?? []).map((r) => [r.itemId, r])), [book]);

  /** The book quantity in the line's unit (sub-units divide the main-unit balance by their rate). */
  const bookOf = (line: FormValues): string | null => {
    const itemId = String(line.itemId ?? '');
    if (!book || !itemId) return null;
    const held = byItem.get(itemId)?.quantity ?? '0';
    const item = items[itemId];
    const rate = item ? conversionRateOf(item, (line.unitId as string | null) ?? null) : '1';
    return formatDecimal(dec(held).dividedBy(rate), digits);
  };

  const columns: ExtraColumn[] = doc.countSheet
    ? [
        {
          key: 'bookQuantity',
          header: t('doc.bookQuantity'),
          numeric: true,
          body: (line) => bookOf(line) ?? '—',
        },
        {
          key: 'difference',
          header: t('doc.difference'),
          numeric: true,
          body: (line) => {
            const expected = bookOf(line);
            const counted = decimalOf(line[quantityFieldOf(doc)]);
            return expected === null || counted === null
              ? '—'
              : formatDecimal(dec(counted).minus(expected), digits);
          },
        },
      ]
    : [];

  /** Lines for the items held and not yet on the sheet; the catalog rows name them without a lookup each. */
  const fill = (): { lines: FormValues[]; items: CatalogItem[] } | null => {
    if (!book) return null;
    const listed = new Set(lines.map((l) => String(l.itemId ?? '')));
    const kept = lines.filter((l) => l.itemId);
    const room = MAX_DOCUMENT_LINES - kept.length;
    const missing = book.filter((r) => !listed.has(r.itemId));
    const added = missing.slice(0, Math.max(0, room));
    if (added.length < missing.length) notify('warn', t('doc.countSheetFull', { count: MAX_DOCUMENT_LINES }));
    return {
      lines: [
        ...kept,
        ...added.map((r) => ({
          itemId: r.itemId,
          unitId: r.unitId,
          [quantityFieldOf(doc)]: formatDecimal(r.quantity, digits),
        })),
      ],
      items: added.map((r) => ({
        id: r.itemId,
        code: r.code,
        arabicName: r.arabicName,
        englishName: r.englishName,
        barcode: r.barcode,
        mainUnitId: r.unitId,
      })),
    };
  };

  return { enabled: doc.countSheet === true, ready: book !== null, columns, fill };
}
