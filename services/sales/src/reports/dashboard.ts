import { dec, fromStored, salesInvoices, type Dec, type SalesDashboard } from '@erp/contracts';
import {
  documentEntities,
  referenceNames,
  requireBranch,
  parseJson,
  type RequestContext,
  type TenantScope,
} from '@erp/service-kit';
import { salesItems } from '../documents/replicas';
import { documentsFigures } from './figures';
import { netPayments } from './payments';
import { issued } from './sales-reports';

type Row = Record<string, unknown>;
const money = (v: unknown) => fromStored((v ?? 0) as number);
const DEFAULT_ZONE = 'Asia/Riyadh';

/** The branch's time zone (identity's replica keeps it with the settings), else Riyadh's. */
export async function zoneOf(s: TenantScope, branchId: string | null): Promise<string> {
  if (!branchId) return DEFAULT_ZONE;
  const row = (await s('replica_branches').where({ id: branchId }).first('settings')) as Row | undefined;
  const zone = parseJson<{ timezone?: unknown }>(row?.settings, {}).timezone;
  return typeof zone === 'string' && zone ? zone : DEFAULT_ZONE;
}

/** A moment's day and hour in a time zone. */
export function local(at: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

const add = <K>(map: Map<K, Dec>, key: K, v: Dec) => map.set(key, (map.get(key) ?? dec(0)).plus(v));

/**
 * One day's sales at a glance (/sales-dashboard), in one answer: the day's issued invoices and returns of the
 * caller's branches (or the one asked for), totals, by hour of the branch's day, by payment method (cash less
 * the change handed back), the top ten items by net value, by user who issued and by branch.
 */
export async function salesDashboard(
  s: TenantScope,
  ctx: RequestContext,
  query: { date?: string | undefined; branchId?: string | undefined },
): Promise<SalesDashboard> {
  if (query.branchId) requireBranch(ctx, query.branchId);
  const zone = await zoneOf(s, query.branchId ?? ctx.branchId);
  const date = query.date ?? local(new Date(), zone).day;
  const f = { dateFrom: date, dateTo: date, branchId: query.branchId };
  const invoices = (await issued(s, ctx, 'salesInvoices', f).select(
    'd.id',
    'd.branch_id',
    'd.created_by',
    'd.issued_at',
    'd.money_discount',
    'd.money_tax_exclusive',
    'd.money_vat',
    'd.money_tax_inclusive',
    'd.money_change',
  )) as Row[];
  const [returned] = (await issued(s, ctx, 'salesReturns', f).sum({
    total: 'd.money_tax_inclusive',
  })) as Row[];
  let net = dec(0);
  let vat = dec(0);
  let total = dec(0);
  const hours = Array.from({ length: 24 }, () => ({ invoices: 0, total: dec(0) }));
  const users = new Map<string, { invoices: number; total: Dec }>();
  const branches = new Map<string, { invoices: number; total: Dec }>();
  for (const r of invoices) {
    const t = money(r.money_tax_inclusive);
    net = net.plus(money(r.money_tax_exclusive));
    vat = vat.plus(money(r.money_vat));
    total = total.plus(t);
    const hour = r.issued_at ? local(new Date(String(r.issued_at)), zone).hour : 0;
    hours[hour]!.invoices += 1;
    hours[hour]!.total = hours[hour]!.total.plus(t);
    for (const [map, key] of [
      [users, String(r.created_by ?? '')],
      [branches, String(r.branch_id ?? '')],
    ] as const) {
      const e = map.get(key) ?? { invoices: 0, total: dec(0) };
      e.invoices += 1;
      e.total = e.total.plus(t);
      map.set(key, e);
    }
  }

  // payments: the change of an invoice was handed back out of its cash
  const byMethod = new Map<string, Dec>();
  for (const p of await netPayments(s, 'doc_sales_invoices_payments', invoices))
    add(byMethod, p.methodId, p.amount);

  // top items: the lines' nets as the reports share them, in main units
  const figures = await documentsFigures(s, 'salesInvoices', invoices);
  const items = await salesItems(s, [...new Set([...figures.values()].flat().map((l) => l.itemId))]);
  const byItem = new Map<string, { itemId: string; unitId: string | null; quantity: Dec; net: Dec }>();
  for (const l of [...figures.values()].flat()) {
    if (!l.itemId) continue;
    const item = items.get(l.itemId);
    const rate = item?.mainUnitId && l.unitId ? item.units.get(l.unitId)?.rate : undefined;
    const unitId = rate ? item!.mainUnitId : l.unitId;
    const key = `${l.itemId}\u0000${unitId ?? ''}`;
    const e = byItem.get(key) ?? { itemId: l.itemId, unitId, quantity: dec(0), net: dec(0) };
    e.quantity = e.quantity.plus(rate ? l.quantity.times(rate) : l.quantity);
    e.net = e.net.plus(l.net);
    byItem.set(key, e);
  }
  const topItems = [...byItem.values()]
    .sort((a, b) => b.net.comparedTo(a.net) || a.itemId.localeCompare(b.itemId))
    .slice(0, 10)
    .map((e) => ({
      itemId: e.itemId,
      unitId: e.unitId,
      quantity: e.quantity.toString(),
      net: e.net.toString(),
    }));

  const returns = money(returned?.total);
  const answer = {
    date,
    invoices: invoices.length,
    net: net.toString(),
    vat: vat.toString(),
    total: total.toString(),
    returns: returns.toString(),
    netTotal: total.minus(returns).toString(),
    byHour: hours.map((h, hour) => ({ hour, invoices: h.invoices, total: h.total.toString() })),
    byPaymentMethod: [...byMethod]
      .filter(([, v]) => !v.isZero())
      .map(([paymentMethodId, amount]) => ({ paymentMethodId, amount: amount.toString() })),
    topItems,
    byUser: [...users]
      .filter(([k]) => k)
      .map(([userId, e]) => ({ userId, invoices: e.invoices, total: e.total.toString() })),
    byBranch: [...branches]
      .filter(([k]) => k)
      .map(([branchId, e]) => ({ branchId, invoices: e.invoices, total: e.total.toString() })),
  };
  const names = await referenceNames(
    s,
    [
      { name: 'itemId', kind: 'reference', reference: 'items' },
      { name: 'unitId', kind: 'reference', reference: 'units' },
      { name: 'paymentMethodId', kind: 'reference', reference: 'paymentMethods' },
      { name: 'userId', kind: 'reference', reference: 'users' },
      { name: 'branchId', kind: 'reference', reference: 'branches' },
    ],
    [...answer.topItems, ...answer.byPaymentMethod, ...answer.byUser, ...answer.byBranch] as Row[],
    documentEntities(salesInvoices),
  );
  return { ...answer, names };
}
