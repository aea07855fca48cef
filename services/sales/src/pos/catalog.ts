import type { PosCatalogItem, PosCatalogPage, PosLookups } from '@erp/contracts';
import { AppError, parseJson, type Principal, type TenantScope } from '@erp/service-kit';
import { userLimits } from '../documents/replicas';

type Row = Record<string, unknown>;

/**
 * The cursor is the last row's place in the feed and its id ('42:<id>'): places are given as sales applies the
 * items' events (replicas.ts), so an event that comes late still lands after every cursor; rows from before the
 * feed existed share place 0 and are paged by id. A cursor of the earlier form ('<as_of>|<id>') starts again.
 */
export const catalogCursor = (seq: number, id: string) => `${seq}:${id}`;

function parseCursor(after: string): { seq: number; id: string } | null {
  const match = /^(\d{1,15}):(.+)$/.exec(after);
  if (match) return { seq: Number(match[1]), id: match[2]! };
  if (/^\d{4}-\d{2}-\d{2}T[^|]*\|/.test(after)) return null;
  throw new AppError(400, 'validationFailed', {}, [{ field: 'after', code: 'validation.pattern' }]);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The item as the till keeps it; VAT as the sales invoice form starts a line (exempt when not taxable). */
function catalogItemOf(r: Row): PosCatalogItem {
  const p = parseJson<Row>(r.record, {});
  const taxable = p.isTaxable !== false;
  const units = Array.isArray(p.units) ? (p.units as Row[]) : [];
  return {
    id: String(r.id),
    code: String(r.code),
    arabicName: String(r.arabic_name),
    englishName: String(r.english_name),
    deleted: Boolean(r.deleted),
    isActive: p.isActive !== false,
    barcode: text(p.barcode),
    isBalanceItem: p.isBalanceItem === true,
    scaleCode: text(p.scaleCode),
    quickItem: p.showInPos === true,
    mainUnitId: textOrNull(p.mainUnitId),
    salesPrice: textOrNull(p.salesPrice),
    minSalesPrice: textOrNull(p.minSalesPrice),
    taxCategory: taxable ? 'S' : 'E',
    taxRate: taxable ? '15' : '0',
    units: units.map((u) => ({
      unitId: textOrNull(u.unitId),
      conversionRate: textOrNull(u.conversionRate),
      barcode: text(u.barcode),
      salesPrice: textOrNull(u.salesPrice),
    })),
  };
}

/**
 * A page of the till's catalogue (issue 15 deliverable 7): the items changed after the cursor, in the order
 * sales took their changes in (feed place, then id), so a till that kept the last cursor asks only for what
 * changed since, and nothing that changed is ever behind it.
 */
export async function catalogPage(
  s: TenantScope,
  query: { after?: string | undefined; limit: number },
): Promise<PosCatalogPage> {
  const q = s('replica_md_items')
    .select('id', 'code', 'arabic_name', 'english_name', 'deleted', 'record', 'feed_seq')
    .orderBy([
      { column: 'feed_seq', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(query.limit);
  const c = query.after ? parseCursor(query.after) : null;
  if (c)
    q.where(function afterCursor() {
      this.where('feed_seq', '>', c.seq).orWhere(function samePlace() {
        this.where('feed_seq', c.seq).andWhere('id', '>', c.id);
      });
    });
  const rows = (await q) as Row[];
  const last = rows.at(-1);
  return {
    items: rows.map(catalogItemOf),
    next: last ? catalogCursor(Number(last.feed_seq), String(last.id)) : c ? query.after! : null,
  };
}

const named = (r: Row) => ({
  id: String(r.id),
  code: String(r.code),
  arabicName: String(r.arabic_name),
  englishName: String(r.english_name),
});

/**
 * Units, the active payment methods with their kind, the customers (the till finds one by phone), and the
 * caller's own limits on a sale as the sales rules enforce them (an admin has none).
 */
export async function posLookups(s: TenantScope, principal: Principal): Promise<PosLookups> {
  const limits = await userLimits(s, principal.userId);
  const units = (await s('replica_md_units').where({ deleted: false }).orderBy('code')) as Row[];
  const methods = (await s('replica_md_payment_methods').where({ deleted: false }).orderBy('code')) as Row[];
  const customers = (await s('md_customers')
    .select('id', 'code', 'arabic_name', 'english_name', 'phone', 'is_cash_customer')
    .orderBy('code')) as Row[];
  return {
    units: units.map(named),
    paymentMethods: methods
      .map((r) => ({ row: r, record: parseJson<Row>(r.record, {}) }))
      .filter(({ record }) => record.isActive !== false)
      .map(({ row, record }) => ({ ...named(row), kind: text(record.kind) || 'other' })),
    customers: customers.map((r) => ({
      ...named(r),
      phone: textOrNull(r.phone),
      isCashCustomer: Boolean(r.is_cash_customer),
    })),
    me: principal.isAdmin
      ? { userId: principal.userId, maxAllowedDiscount: '100', canRaisePrice: true }
      : {
          userId: principal.userId,
          maxAllowedDiscount: limits.maxAllowedDiscount.toString(),
          canRaisePrice: limits.canRaisePrice,
        },
  };
}
