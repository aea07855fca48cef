import {
  dec,
  fromStored,
  invoiceTotals,
  shareOut,
  toStored,
  type Dec,
  type TaxCategory,
} from '@erp/contracts';
import type { Executor, TenantScope } from '@erp/service-kit';

type Row = Record<string, unknown>;

/** The sales documents that count in reports, and the sign each gives the sales (a return takes back). */
export const COUNTED = {
  salesInvoices: { table: 'doc_sales_invoices', sign: 1 },
  salesReturns: { table: 'doc_sales_returns', sign: -1 },
} as const;
export type CountedType = keyof typeof COUNTED;

/** One line's share of its document: its quantity (in its own unit), net without VAT and VAT. */
export interface LineFigures {
  itemId: string;
  unitId: string | null;
  quantity: Dec;
  net: Dec;
  vat: Dec;
}

const amount = (v: unknown) => fromStored((v ?? 0) as number);

/**
 * Each line's net and VAT in its document (money-documents/invoice-totals.ts is the one place of the
 * arithmetic): the line nets as the document figured them, less each line's share of the document's
 * discount, and the document's VAT shared over the lines by their taxable amount × rate. The lines' shares add
 * up to the document's stored taxExclusive and VAT exactly, so the by-item totals equal the invoices'.
 */
export function lineFigures(doc: Row, lines: readonly Row[]): LineFigures[] {
  const totals = invoiceTotals({
    lines: lines.map((l) => ({
      quantity: amount(l.quantity).toString(),
      price: amount(l.price).toString(),
      discount:
        l.discount_type === 'percentage' || l.discount_type === 'value'
          ? { kind: l.discount_type, value: amount(l.discount).toString() }
          : null,
      taxCategory: (String(l.tax_category ?? 'S') || 'S') as TaxCategory,
      taxRate: amount(l.tax_rate).toString(),
    })),
  });
  const nets = totals.lines.map((l) => dec(l.net));
  const discounts = shareOut(amount(doc.money_discount), nets);
  const taxable = nets.map((n, i) => n.minus(discounts[i]!));
  const vats = shareOut(
    amount(doc.money_vat),
    taxable.map((t, i) => t.times(amount(lines[i]!.tax_rate))),
  );
  return lines.map((l, i) => ({
    itemId: String(l.item_id ?? ''),
    unitId: l.unit_id ? String(l.unit_id) : null,
    quantity: amount(l.quantity),
    net: taxable[i]!,
    vat: vats[i]!,
  }));
}

/** The figures of documents' lines, by document id (lines in their order). */
export async function documentsFigures(
  s: TenantScope,
  type: CountedType,
  docs: readonly Row[],
): Promise<Map<string, LineFigures[]>> {
  const out = new Map<string, LineFigures[]>();
  const ids = docs.map((d) => String(d.id));
  const byDoc = new Map<string, Row[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const lines = (await s
      .byIds(`${COUNTED[type].table}_lines`, ids.slice(i, i + 500), 'document_id')
      .orderBy(['document_id', 'line_no'])) as Row[];
    for (const l of lines) {
      const list = byDoc.get(String(l.document_id)) ?? [];
      list.push(l);
      byDoc.set(String(l.document_id), list);
    }
  }
  for (const d of docs) out.set(String(d.id), lineFigures(d, byDoc.get(String(d.id)) ?? []));
  return out;
}

export const ITEM_DAYS = 'sales_item_days';

/**
 * Keeps the per-item summary (sales_item_days: by branch, item and unit, per day, per month and per year) in step with an issued or cancelled invoice or return, in
 * the transaction that issues or cancels it (hooks.ts): a year's sales by item reads days × items, not every
 * line, and a year one row per item, unit and branch (issue 14 deliverable 7: under 300 ms over 1,000,000 lines). `sign` is 1 on issue, -1 on cancel.
 */
export async function recordItemDays(
  trx: Executor,
  tenantId: string,
  type: CountedType,
  documentId: string,
  sign: 1 | -1,
): Promise<void> {
  const { table } = COUNTED[type];
  const doc = (await trx(table).where({ tenant_id: tenantId, id: documentId }).first()) as Row | undefined;
  if (!doc) return;
  const lines = (await trx(`${table}_lines`)
    .where({ tenant_id: tenantId, document_id: documentId })
    .orderBy('line_no')) as Row[];
  const sums = new Map<string, { itemId: string; unitId: string; q: Dec; net: Dec; vat: Dec }>();
  for (const f of lineFigures(doc, lines)) {
    if (!f.itemId) continue;
    const key = `${f.itemId}\u0000${f.unitId ?? ''}`;
    const had = sums.get(key) ?? {
      itemId: f.itemId,
      unitId: f.unitId ?? '',
      q: dec(0),
      net: dec(0),
      vat: dec(0),
    };
    had.q = had.q.plus(f.quantity);
    had.net = had.net.plus(f.net);
    had.vat = had.vat.plus(f.vat);
    sums.set(key, had);
  }
  const side = type === 'salesInvoices' ? 'sold' : 'returned';
  const other = side === 'sold' ? 'returned' : 'sold';
  const date = String(doc.date);
  if (sums.size === 0) return;
  const columns = [`${side}_quantity`, `${side}_net`, `${side}_vat`];
  // the day, its month and its year: a report reads the coarsest periods its range covers whole; one statement
  const rows = [...sums.values()].flatMap((x) =>
    [date, date.slice(0, 7), date.slice(0, 4)].map((period) => ({
      tenant_id: tenantId,
      branch_id: String(doc.branch_id ?? ''),
      date: period,
      item_id: x.itemId,
      unit_id: x.unitId,
      [columns[0]!]: sign * toStored(x.q),
      [columns[1]!]: sign * toStored(x.net),
      [columns[2]!]: sign * toStored(x.vat),
      [`${other}_quantity`]: 0,
      [`${other}_net`]: 0,
      [`${other}_vat`]: 0,
    })),
  );
  // a row already there adds this row's figures (SQLite names them `excluded`, MySQL `values()`)
  const sqlite = String(trx.client.config.client) === 'better-sqlite3';
  await trx(ITEM_DAYS)
    .insert(rows)
    .onConflict(['tenant_id', 'branch_id', 'date', 'item_id', 'unit_id'])
    .merge(
      Object.fromEntries(
        columns.map((c) => [
          c,
          trx.raw(sqlite ? '?? + excluded.??' : '?? + values(??)', [`${ITEM_DAYS}.${c}`, c]),
        ]),
      ),
    );
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const previous = (day: string) => iso(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
const next = (day: string, by: 'day' | 'month' | 'year') => {
  const d = new Date(`${day}T00:00:00Z`);
  if (by === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (by === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return iso(d);
};

/**
 * The summary's periods that make up [from, to] exactly, coarsest first: whole years ('2025'), whole months
 * ('2025-03'), and the days left at the edges ('2025-03-14'). A year asked for is one period, not 365.
 */
export function summaryPeriods(from: string, to: string): string[] {
  const periods: string[] = [];
  let day = from;
  while (day <= to) {
    const yearEnd = `${day.slice(0, 4)}-12-31`;
    const monthEnd = iso(
      new Date(Date.parse(`${next(`${day.slice(0, 7)}-01`, 'month')}T00:00:00Z`) - 86_400_000),
    );
    if (day.endsWith('-01-01') && yearEnd <= to) {
      periods.push(day.slice(0, 4));
      day = next(day, 'year');
    } else if (day.endsWith('-01') && monthEnd <= to) {
      periods.push(day.slice(0, 7));
      day = next(day, 'month');
    } else {
      periods.push(day);
      day = next(day, 'day');
    }
  }
  return periods;
}

/** A part of a range read from the summary: a period, added or taken away. */
export interface SummaryPart {
  period: string;
  sign: 1 | -1;
}

/** Rows a period costs to read: a year or a month holds a row per item, unit and branch; a day a few of them. */
const weight = (parts: readonly SummaryPart[]) =>
  parts.reduce((sum, p) => sum + (p.period.length === 10 ? 1 : 30), 0);

/**
 * The summary's periods that make up [from, to], year by year either as `summaryPeriods` has them or as the whole
 * year less what lies outside the range, whichever reads fewer rows: the year to date (1 January to 27 November)
 * is the year less 28-30 November and December, not ten months and 27 days.
 */
export function summaryParts(from: string, to: string): SummaryPart[] {
  const parts: SummaryPart[] = [];
  for (let start = from; start <= to; start = `${Number(start.slice(0, 4)) + 1}-01-01`) {
    const year = start.slice(0, 4);
    const end = to < `${year}-12-31` ? to : `${year}-12-31`;
    const plain = summaryPeriods(start, end).map((period): SummaryPart => ({ period, sign: 1 }));
    const outside = [
      ...summaryPeriods(`${year}-01-01`, previous(start)),
      ...summaryPeriods(next(end, 'day'), `${year}-12-31`),
    ];
    const less: SummaryPart[] = [
      { period: year, sign: 1 },
      ...outside.map((period): SummaryPart => ({ period, sign: -1 })),
    ];
    parts.push(...(weight(less) < weight(plain) ? less : plain));
  }
  return parts;
}

/**
 * The summary of documents issued before it existed: sales_0005 marks the rebuild pending when a database
 * already held issued documents; the first report to read the summary makes it, once, in one transaction.
 */
export async function rebuildItemDaysIfPending(db: Executor): Promise<void> {
  const pending = await db('sales_report_rebuilds').where({ name: ITEM_DAYS }).first();
  if (!pending) return;
  await db.transaction(async (trx) => {
    const still = await trx('sales_report_rebuilds').where({ name: ITEM_DAYS }).forUpdate().first();
    if (!still) return;
    await trx(ITEM_DAYS).delete();
    for (const type of Object.keys(COUNTED) as CountedType[]) {
      const docs = (await trx(COUNTED[type].table)
        .where({ status: 'issued' })
        .select('tenant_id', 'id')) as Row[];
      for (const d of docs) await recordItemDays(trx, String(d.tenant_id), type, String(d.id), 1);
    }
    await trx('sales_report_rebuilds').where({ name: ITEM_DAYS }).delete();
  });
}
