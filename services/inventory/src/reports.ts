import type { Knex } from 'knex';
import {
  storedToString,
  dec,
  entitiesOf,
  fromStored,
  tableOf,
  items,
  unitBreakdown,
  type FieldDef,
  type ReportTotal,
  type StockBalanceRow,
} from '@erp/contracts';
import {
  isSqlite,
  readOffLoop,
  referenceNames,
  searchColumns,
  searchIndexFor,
  searchedColumns,
  type ReportRequest,
  type ReportResult,
  type TenantScope,
} from '@erp/service-kit';
import { itemUnits } from './ledger/items';
import { recostingOf } from './ledger/deferred';

export type Row = Record<string, unknown>;
const ITEMS = tableOf(items);
// what the report's search looks in without the index: the columns the items' search index holds
const SEARCHED = searchedColumns(items).map((c) => `i.${c}`);
export const amount = (v: unknown) => storedToString((v ?? 0) as number);

/** One store asked for, or the caller's stores when they are limited to some branches. */
export function inStores(
  q: Knex.QueryBuilder,
  query: { storeId?: string | undefined; storeIds?: readonly string[] | null },
  column: string,
): void {
  if (query.storeId) q.andWhere(column, query.storeId);
  else if (query.storeIds) q.whereIn(column, [...query.storeIds]);
}

function balanceRow(r: Row, storeId: string | null): StockBalanceRow {
  const quantity = fromStored((r.quantity ?? 0) as number);
  const value = fromStored((r.value ?? 0) as number);
  return {
    itemId: String(r.item_id),
    code: String(r.code),
    arabicName: String(r.arabic_name),
    englishName: String(r.english_name),
    barcode: String(r.barcode ?? ''),
    storeId: String(r.store_id ?? storeId ?? ''),
    unitId: r.main_unit_id ? String(r.main_unit_id) : null,
    quantity: quantity.toString(),
    averageCost: quantity.greaterThan(0) ? value.dividedBy(quantity).toDecimalPlaces(4).toString() : '0',
    value: value.toString(),
    minimumLimit: r.minimum_limit === null || r.minimum_limit === undefined ? null : amount(r.minimum_limit),
    reorderLimit: r.reorder_limit === null || r.reorder_limit === undefined ? null : amount(r.reorder_limit),
    names: {},
    breakdown: [],
  };
}

const namedByRow: FieldDef[] = [
  { name: 'storeId', kind: 'reference', reference: 'stores' },
  { name: 'unitId', kind: 'reference', reference: 'units' },
];

/**
 * Each row with its store's and units' names and its quantity in the item's units (issue 12 item 1 and 5): a
 * report read right after the page loads shows names at once, whatever the reader may read of the stores.
 */
async function withNamesAndUnits(s: TenantScope, rows: StockBalanceRow[]): Promise<StockBalanceRow[]> {
  const units = await itemUnits(s, [...new Set(rows.map((r) => r.itemId))]);
  const breakdowns = rows.map((r) => {
    const u = units.get(r.itemId);
    return u ? unitBreakdown(r.quantity, u.mainUnitId, u.rates) : [];
  });
  const names = await referenceNames(
    s,
    namedByRow,
    [...rows, ...breakdowns.flat().map((b) => ({ unitId: b.unitId }))],
    entitiesOf('inventory'),
  );
  return rows.map((r, i) => {
    const own = [r.storeId, r.unitId, ...breakdowns[i]!.map((b) => b.unitId)];
    return {
      ...r,
      breakdown: breakdowns[i]!,
      names: Object.fromEntries(own.flatMap((id) => (id && names[id] ? [[id, names[id]]] : []))),
    };
  });
}

const itemColumns = [
  'i.code',
  'i.arabic_name',
  'i.english_name',
  'i.barcode',
  'i.main_unit_id',
  'i.minimum_limit',
  'i.reorder_limit',
];

export type Sort = ReportRequest<unknown>['sort'];

/** The order of a balance list: the declared sortable column, then the item's code and the store. */
function balanceOrder(sort: Sort) {
  const byCode = [
    { column: 'i.code_number', order: sort.order },
    { column: 'i.code', order: sort.order },
    { column: 'store_id' },
  ];
  const column = sort.column === 'quantity' ? 'b.quantity' : sort.column === 'value' ? 'b.value' : null;
  return column ? [{ column, order: sort.order }, ...byCode.map((c) => ({ ...c, order: 'asc' }))] : byCode;
}

async function pageOfBalances(
  s: TenantScope,
  rowsOf: (byItems: boolean) => Knex.QueryBuilder,
  query: { page: number; pageSize: number; sort: Sort },
  storeId: string | null,
  totalled: boolean,
  /** whether the rows are read by walking the items in code order, given how many there are */
  byItems: (found: number) => Promise<boolean> = async () => false,
  /** the totals read all the rows (no search narrows them): off the event loop */
  whole = false,
): Promise<ReportResult<StockBalanceRow>> {
  // quantities are totalled per main unit (issue 12 item 5): pieces and kilograms are never added together
  const totalsQuery = rowsOf(false)
    .clearSelect()
    .groupBy('i.main_unit_id')
    .select('i.main_unit_id as unit')
    .count({ n: '*' })
    .sum({ q: 'b.quantity', v: 'b.value' });
  // over a whole store, 100 to 300 ms of SQLite at 100,000 items: off the event loop; a search's few rows in place
  // (the worker's queue is shared with its checkpoints)
  const sums = whole ? await readOffLoop<Row>(s.db, totalsQuery) : ((await totalsQuery) as Row[]);
  const found = sums.reduce((n, t) => n + Number(t.n ?? 0), 0);
  const rows = await rowsOf(await byItems(found))
    .orderBy(balanceOrder(query.sort))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  const list = (rows as Row[]).map((r) => balanceRow(r, storeId));
  // the rows whose item and store a background job is re-costing say so, with the job
  const recosting = await recostingOf(
    s,
    list.map((r) => `${r.itemId}\u0000${r.storeId}`),
  );
  for (const r of list) r.recostJobId = recosting.get(`${r.itemId}\u0000${r.storeId}`) ?? null;
  const totals: Record<string, ReportTotal> = {};
  if (totalled) {
    totals.quantity = sums.map((t) => ({ unitId: String(t.unit ?? ''), quantity: amount(t.q) }));
    totals.value = sums.reduce((sum, t) => sum.plus(amount(t.v)), dec(0)).toString();
  }
  return {
    rows: await withNamesAndUnits(s, list),
    total: found,
    totals,
  };
}

/**
 * Stock balance per item and store with weighted-average cost and value. Without a date it reads the
 * balances kept with every movement; at a date (stock valuation) it sums the movements up to that day.
 */
export async function stockBalance(
  s: TenantScope,
  query: {
    page: number;
    pageSize: number;
    sort: Sort;
    storeId?: string | undefined;
    /** The caller's stores when limited to some branches (issue 9 item 3); null: every store. */
    storeIds?: readonly string[] | null;
    date?: string | undefined;
    search?: string | undefined;
    nonZero: 'true' | 'false';
  },
) {
  const db = s.db;
  let balances: Knex.QueryBuilder;
  if (query.date) {
    balances = s('stock_movements')
      .where('date', '<=', query.date)
      .groupBy('item_id', 'store_id')
      .select('item_id', 'store_id')
      .sum({ quantity: 'quantity', value: 'value' });
    inStores(balances, query, 'store_id');
  } else {
    balances = s('stock_balances').select('item_id', 'store_id', 'quantity', 'value');
    inStores(balances, query, 'store_id');
  }
  // an item found by a part of its code, name or barcode: through the items' search index where there is one
  // (a LIKE over 100,000 items read them all, for the page, its count and its totals: 110 ms a search); the
  // items are then read by the rowids the index found, not walked by the tenant's index ('+' keeps SQLite off it)
  const throughIndex = await searchIndexFor(s, items, query.search);
  const base: Knex.QueryBuilder = query.date
    ? db
        .from(balances.as('b'))
        .join(`${ITEMS} as i`, (j) =>
          j.on('i.id', '=', 'b.item_id').andOn('i.tenant_id', '=', db.raw('?', [s.tenantId])),
        )
    : throughIndex
      ? db.from(`${ITEMS} as i`).whereRaw('+i.tenant_id = ?', [s.tenantId])
      : db.from(`${ITEMS} as i`).where('i.tenant_id', s.tenantId);
  const rowsOf = (byItems: boolean): Knex.QueryBuilder => {
    const q = base.clone();
    if (!query.date) {
      const on = (j: Knex.JoinClause) => {
        j.on('b.tenant_id', '=', 'i.tenant_id').andOn('b.item_id', '=', 'i.id');
        if (query.storeId) j.andOn('b.store_id', '=', db.raw('?', [query.storeId]));
        else if (query.storeIds) j.andOnIn('b.store_id', [...query.storeIds]);
      };
      // SQLite keeps a cross join's written order: items in code order (an index), then each one's balance,
      // so a page stops after its rows; for an inner join its planner reads the store's balances first and
      // sorts them all (60 ms at 100,000 items)
      if (byItems) q.crossJoin('stock_balances as b', on);
      else q.join('stock_balances as b', on);
    }
    q.select('b.item_id', 'b.store_id', 'b.quantity', 'b.value', ...itemColumns);
    if (query.nonZero === 'true') q.andWhere((w) => w.whereNot('b.quantity', 0).orWhereNot('b.value', 0));
    if (throughIndex) throughIndex(q, 'i');
    else searchColumns(q, SEARCHED, query.search);
    return q;
  };
  const whole = !query.search;
  const byItems = async (found: number) => {
    if (query.date || query.sort.column === 'quantity' || query.sort.column === 'value') return false;
    if (!isSqlite(s.db)) return false;
    // a page's worth found (a search): either way reads a few rows, no count needed
    if (found <= query.page * query.pageSize) return false;
    // walking the items in code order probes (page end) × (items ÷ rows found) of them; reading the rows
    // found sorts them all: walk while that is the smaller
    const [counted] = await readOffLoop<Row>(s.db, s(ITEMS).count({ n: '*' }));
    return query.page * query.pageSize * Number(counted?.n ?? 0) < found * found;
  };
  return pageOfBalances(s, rowsOf, query, query.storeId ?? null, true, byItems, whole);
}

/** Items at or below their minimum or reorder limit (in one store, or across all stores). */
export async function belowLimits(
  s: TenantScope,
  query: {
    page: number;
    pageSize: number;
    sort: Sort;
    storeId?: string | undefined;
    storeIds?: readonly string[] | null;
    limit: 'minimum' | 'reorder';
  },
): Promise<ReportResult<StockBalanceRow>> {
  const db = s.db;
  const held = s('stock_balances')
    .groupBy('item_id')
    .select('item_id')
    .sum({ quantity: 'quantity', value: 'value' });
  inStores(held, query, 'store_id');
  const column = query.limit === 'minimum' ? 'i.minimum_limit' : 'i.reorder_limit';
  const base = db
    .from(`${ITEMS} as i`)
    .leftJoin(held.as('b'), 'b.item_id', 'i.id')
    .where('i.tenant_id', s.tenantId)
    .whereNotNull(column)
    .andWhere('i.is_stored_item', true)
    .andWhereRaw(`coalesce(b.quantity, 0) <= ??`, [column])
    .select(
      'i.id as item_id',
      db.raw('? as store_id', [query.storeId ?? '']),
      'b.quantity',
      'b.value',
      ...itemColumns,
    );
  return pageOfBalances(s, () => base.clone() as Knex.QueryBuilder, query, query.storeId ?? null, false);
}
