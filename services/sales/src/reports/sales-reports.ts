import {
  dec,
  fromStored,
  type Dec,
  type ReportTotal,
  type SalesInvoiceRow,
  type SalesReturnRow,
} from '@erp/contracts';
import type { ReportRequest, ReportResult, RequestContext, TenantScope } from '@erp/service-kit';
import { COUNTED, type CountedType } from './figures';

/* The sales reports' shared parts and the document lists; by item (by-item.ts), by customer and agent
   (dealers.ts), statement and ageing (receivables.ts) read through these. */
export type Row = Record<string, unknown>;
export const money = (v: unknown) => fromStored((v ?? 0) as number);
export const text = (v: Dec) => v.toString();

/** A query of the documents (knex's builder, as the scope returns it). */
type Query = ReturnType<TenantScope>;

/** What every sales report may be narrowed to (the engine has refused a branch the caller may not use). */
export interface SalesFilter {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  branchId?: string | undefined;
  customerId?: string | undefined;
  agentId?: string | undefined;
  itemId?: string | undefined;
}

/** The branches a report reads: the one asked for, else the caller's (null: every branch). */
export function branchesOf(ctx: RequestContext, branchId: string | undefined): readonly string[] | null {
  if (branchId) return [branchId];
  return ctx.allowedBranches;
}

/** The issued documents of a type within the filter, as `d`. */
export function issued(s: TenantScope, ctx: RequestContext, type: CountedType, f: SalesFilter): Query {
  const table = COUNTED[type].table;
  const q = s.db(`${table} as d`).where('d.tenant_id', s.tenantId).andWhere('d.status', 'issued');
  if (f.dateFrom) q.andWhere('d.date', '>=', f.dateFrom);
  if (f.dateTo) q.andWhere('d.date', '<=', f.dateTo);
  const branches = branchesOf(ctx, f.branchId);
  if (branches) q.whereIn('d.branch_id', [...branches]);
  if (f.customerId) q.andWhere('d.customer_id', f.customerId);
  if (f.agentId) q.andWhere('d.agent_id', f.agentId);
  if (f.itemId)
    q.whereExists((e) =>
      e
        .select(s.db.raw('1'))
        .from(`${table}_lines as l`)
        .whereRaw('l.tenant_id = d.tenant_id and l.document_id = d.id')
        .andWhere('l.item_id', f.itemId!),
    );
  return q;
}

const DOCUMENT_ORDER: Record<string, string> = {
  date: 'd.date',
  code: 'd.code',
  total: 'd.money_tax_inclusive',
};

function documentRow(type: CountedType, r: Row): SalesInvoiceRow {
  const total = money(r.money_tax_inclusive);
  const paid = money(r.money_paid);
  return {
    documentType: type,
    documentId: String(r.id),
    code: String(r.code),
    date: String(r.date),
    branchId: r.branch_id ? String(r.branch_id) : null,
    customerId: r.customer_id ? String(r.customer_id) : null,
    agentId: r.agent_id ? String(r.agent_id) : null,
    net: text(money(r.money_tax_exclusive)),
    vat: text(money(r.money_vat)),
    total: text(total),
    paid: text(paid),
    remaining: text(total.minus(paid)),
  };
}

/** A page of issued invoices or returns, with the totals of all of them summed in SQL. */
async function documentPage(
  type: CountedType,
  q: ReportRequest<SalesFilter>,
): Promise<{ rows: Row[]; total: number; totals: Record<string, ReportTotal> }> {
  const base = issued(q.s, q.ctx, type, q.params);
  const [sums] = (await base.clone().count({ n: '*' }).sum({
    net: 'd.money_tax_exclusive',
    vat: 'd.money_vat',
    total: 'd.money_tax_inclusive',
    paid: 'd.money_paid',
  })) as Row[];
  const column = DOCUMENT_ORDER[q.sort.column] ?? 'd.date';
  const page = base
    .clone()
    .select('d.*')
    .orderBy([
      { column, order: q.sort.order },
      { column: 'd.code', order: q.sort.order },
    ]);
  if (type === 'salesReturns')
    page
      // ids are primary keys: the return's invoice is of its tenant (checked when it was saved)
      .leftJoin('doc_sales_invoices as i', 'i.id', 'd.source_id')
      .select('i.code as invoice_code');
  const rows = (await page.offset((q.page - 1) * q.pageSize).limit(q.pageSize)) as Row[];
  const total = money(sums?.total);
  const paid = money(sums?.paid);
  return {
    rows,
    total: Number(sums?.n ?? 0),
    totals: {
      net: text(money(sums?.net)),
      vat: text(money(sums?.vat)),
      total: text(total),
      paid: text(paid),
      remaining: text(total.minus(paid)),
    },
  };
}

export async function salesByInvoice(q: ReportRequest<SalesFilter>): Promise<ReportResult<SalesInvoiceRow>> {
  const page = await documentPage('salesInvoices', q);
  return { ...page, rows: page.rows.map((r) => documentRow('salesInvoices', r)) };
}

export async function salesReturns(q: ReportRequest<SalesFilter>): Promise<ReportResult<SalesReturnRow>> {
  const page = await documentPage('salesReturns', q);
  const { remaining: _, ...totals } = page.totals;
  return {
    ...page,
    totals,
    rows: page.rows.map((r) => ({
      ...documentRow('salesReturns', r),
      invoiceCode: String(r.invoice_code ?? ''),
    })),
  };
}

/** Rows sorted by a column of decimal strings (or numbers), then by key for a stable order. */
export function sortRows<R extends Row>(
  rows: R[],
  sort: { column: string; order: 'asc' | 'desc' },
  key: string,
): R[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  return rows.sort(
    (a, b) =>
      sign * dec(String(a[sort.column] ?? 0)).comparedTo(dec(String(b[sort.column] ?? 0))) ||
      String(a[key]).localeCompare(String(b[key])),
  );
}
