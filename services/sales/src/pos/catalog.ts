import type { PosCatalogItem, PosCatalogPage, PosLookups } from '@erp/contracts';
import { AppError, parseJson, type TenantScope } from '@erp/service-kit';

type Row = Record<string, unknown>;

// the cursor is the last row's (as_of, id): as_of alone is not unique (one event may change many items)
const SEPARATOR = '|';

export const catalogCursor = (asOf: string, id: string) => `${asOf}${SEPARATOR}${id}`;

function parseCursor(after: string): { asOf: string; id: string } {
  const at = after.lastIndexOf(SEPARATOR);
  if (at <= 0)
    throw new AppError(400, 'validationFailed', {}, [{ field: 'after', code: 'validation.pattern' }]);
  return { asOf: after.slice(0, at), id: after.slice(at + 1) };
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
 * they changed (as_of, then id), so a till that kept the last cursor asks only for what changed since.
 */
export async function catalogPage(
  s: TenantScope,
  query: { after?: string | undefined; limit: number },
): Promise<PosCatalogPage> {
  const q = s('replica_md_items')
    .select('id', 'code', 'arabic_name', 'english_name', 'deleted', 'record', 'as_of')
    .orderBy([
      { column: 'as_of', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(query.limit);
  if (query.after) {
    const c = parseCursor(query.after);
    q.where(function afterCursor() {
      this.where('as_of', '>', c.asOf).orWhere(function sameInstant() {
        this.where('as_of', c.asOf).andWhere('id', '>', c.id);
      });
    });
  }
  const rows = (await q) as Row[];
  const last = rows.at(-1);
  return {
    items: rows.map(catalogItemOf),
    next: last ? catalogCursor(String(last.as_of), String(last.id)) : (query.after ?? null),
  };
}

const named = (r: Row) => ({
  id: String(r.id),
  code: String(r.code),
  arabicName: String(r.arabic_name),
  englishName: String(r.english_name),
});

/** Units, the active payment methods with their kind, and the customers (the till finds one by phone). */
export async function posLookups(s: TenantScope): Promise<PosLookups> {
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
  };
}
