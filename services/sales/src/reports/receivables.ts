import {
  type AGE_BUCKETS,
  customers,
  dec,
  tableOf,
  type AgedReceivablesRow,
  type CustomerStatementRow,
  type Dec,
} from '@erp/contracts';
import type { ReportRequest, ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { COUNTED, type CountedType } from './figures';
import { issued, money, sortRows, text, type Row, type SalesFilter } from './sales-reports';

/** The day before an ISO day. */
function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** What a customer owes by its documents: each invoice's total less its payment, each return's less its refund. */
async function documentsBalance(s: TenantScope, ctx: RequestContext, f: SalesFilter): Promise<Dec> {
  let balance = dec(0);
  for (const type of Object.keys(COUNTED) as CountedType[]) {
    const [r] = (await issued(s, ctx, type, f).sum({
      total: 'd.money_tax_inclusive',
      paid: 'd.money_paid',
    })) as Row[];
    balance = balance.plus(money(r?.total).minus(money(r?.paid)).times(COUNTED[type].sign));
  }
  return balance;
}

/**
 * A customer's statement: the opening (its opening debit less credit and every document before the period),
 * then each invoice (debit) and what was paid at sale (credit), each return (credit) and its refund (debit),
 * in date and code order, with the running balance.
 */
export async function customerStatement(
  q: ReportRequest<SalesFilter & { customerId: string }>,
): Promise<ReportResult<CustomerStatementRow>> {
  const f = q.params;
  const customer = await q
    .s(tableOf(customers))
    .where({ id: f.customerId })
    .first('opening_debit', 'opening_credit');
  let balance = money(customer?.opening_debit).minus(money(customer?.opening_credit));
  if (f.dateFrom)
    balance = balance.plus(
      await documentsBalance(q.s, q.ctx, {
        branchId: f.branchId,
        customerId: f.customerId,
        dateTo: dayBefore(f.dateFrom),
      }),
    );
  const opening = balance;
  const docs: { type: CountedType; r: Row }[] = [];
  for (const type of Object.keys(COUNTED) as CountedType[])
    for (const r of (await issued(q.s, q.ctx, type, f).select(
      'd.id',
      'd.code',
      'd.date',
      'd.issued_at',
      'd.money_tax_inclusive',
      'd.money_paid',
    )) as Row[])
      docs.push({ type, r });
  docs.sort(
    (a, b) =>
      String(a.r.date).localeCompare(String(b.r.date)) ||
      String(a.r.issued_at ?? '').localeCompare(String(b.r.issued_at ?? '')) ||
      String(a.r.code).localeCompare(String(b.r.code)),
  );
  const rows: CustomerStatementRow[] = [
    {
      key: 'opening',
      date: f.dateFrom ?? '',
      documentType: 'opening',
      documentId: '',
      code: '',
      movement: 'opening',
      debit: text(opening.greaterThan(0) ? opening : dec(0)),
      credit: text(opening.lessThan(0) ? opening.negated() : dec(0)),
      balance: text(opening),
    },
  ];
  const add = (d: { type: CountedType; r: Row }, movement: string, debit: Dec, credit: Dec) => {
    balance = balance.plus(debit).minus(credit);
    rows.push({
      key: `${String(d.r.id)}:${movement}`,
      date: String(d.r.date),
      documentType: d.type,
      documentId: String(d.r.id),
      code: String(d.r.code),
      movement,
      debit: text(debit),
      credit: text(credit),
      balance: text(balance),
    });
  };
  for (const d of docs) {
    const total = money(d.r.money_tax_inclusive);
    const paid = money(d.r.money_paid);
    if (d.type === 'salesInvoices') {
      add(d, 'invoice', total, dec(0));
      if (!paid.isZero()) add(d, 'payment', dec(0), paid);
    } else {
      add(d, 'return', dec(0), total);
      if (!paid.isZero()) add(d, 'refund', paid, dec(0));
    }
  }
  // the opening row is a balance, not a movement: the totals are the period's
  const moved = rows.slice(1);
  return {
    rows,
    total: rows.length,
    totals: {
      debit: text(moved.reduce((s, r) => s.plus(r.debit), dec(0))),
      credit: text(moved.reduce((s, r) => s.plus(r.credit), dec(0))),
    },
    summary: { opening: text(opening), closing: text(balance) },
  };
}

/** Days from `from` to `to` (ISO days). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The bucket of an amount this many days past its due day. */
export function ageBucket(daysPast: number): (typeof AGE_BUCKETS)[number] {
  if (daysPast <= 0) return 'current';
  if (daysPast <= 30) return 'days1to30';
  if (daysPast <= 60) return 'days31to60';
  if (daysPast <= 90) return 'days61to90';
  return 'over90';
}

/**
 * Aged receivables at a day: each issued invoice's unpaid remainder (its total less what was paid at sale and
 * less the unrefunded part of the returns issued against it by that day), by how many days it is past its due
 * day, the invoice's date plus the customer's grace days (allowance days).
 */
export async function agedReceivables(
  q: ReportRequest<{
    date?: string | undefined;
    branchId?: string | undefined;
    customerId?: string | undefined;
    agentId?: string | undefined;
  }>,
): Promise<ReportResult<AgedReceivablesRow>> {
  const at = q.params.date ?? new Date().toISOString().slice(0, 10);
  const f: SalesFilter = { ...q.params, dateTo: at };
  const invoices = (await issued(q.s, q.ctx, 'salesInvoices', f)
    .whereRaw('d.money_tax_inclusive > d.money_paid')
    .select('d.id', 'd.customer_id', 'd.date', 'd.money_tax_inclusive', 'd.money_paid')) as Row[];
  const returned = new Map<string, Dec>();
  const returns = (await q.s
    .db('doc_sales_returns as d')
    .where('d.tenant_id', q.s.tenantId)
    .andWhere('d.status', 'issued')
    .andWhere('d.date', '<=', at)
    .whereNotNull('d.source_id')
    .groupBy('d.source_id')
    .select('d.source_id')
    .sum({ total: 'd.money_tax_inclusive', paid: 'd.money_paid' })) as Row[];
  for (const r of returns) returned.set(String(r.source_id), money(r.total).minus(money(r.paid)));
  const ids = [...new Set(invoices.map((i) => String(i.customer_id ?? '')).filter(Boolean))];
  const grace = new Map(
    ((await q.s.byIds(tableOf(customers), ids).select('id', 'allowance_days')) as Row[]).map((c) => [
      String(c.id),
      Number(c.allowance_days ?? 0),
    ]),
  );
  const rows = new Map<string, AgedReceivablesRow>();
  for (const inv of invoices) {
    const customerId = String(inv.customer_id ?? '');
    if (!customerId) continue;
    const remaining = money(inv.money_tax_inclusive)
      .minus(money(inv.money_paid))
      .minus(returned.get(String(inv.id)) ?? dec(0));
    if (!remaining.greaterThan(0)) continue;
    const days = grace.get(customerId) ?? 0;
    const row = rows.get(customerId) ?? {
      customerId,
      graceDays: days,
      current: '0',
      days1to30: '0',
      days31to60: '0',
      days61to90: '0',
      over90: '0',
      total: '0',
    };
    const bucket = ageBucket(daysBetween(String(inv.date), at) - days);
    row[bucket] = text(dec(row[bucket]).plus(remaining));
    row.total = text(dec(row.total).plus(remaining));
    rows.set(customerId, row);
  }
  const list = [...rows.values()];
  return { rows: sortRows(list, q.sort, 'customerId'), total: list.length };
}
