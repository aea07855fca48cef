import type { Knex } from 'knex';
import {
  dec,
  entitiesOf,
  fromStored,
  tableOf,
  items,
  unitBreakdown,
  type FieldDef,
  type StockBalanceRow,
} from '@erp/contracts';
import { referenceNames, searchColumns, type TenantScope } from '@erp/service-kit';
import { itemUnits } from './ledger/items';
import { recostingOf } from './ledger/deferred';

type Row = Record<string, unknown>;
const ITEMS = tableOf(items);
const amount = (v: unknown) => fromStored((v ?? 0) as number).toString();

/** One store asked for, or the caller's stores when they are limited to some branches. */
function inStores(
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

async function pageOfBalances(
  s: TenantScope,
  base: Knex.QueryBuilder,
  query: { page: number; pageSize: number },
  storeId: string | null,
  totalsOf: Knex.QueryBuilder = base.clone().clearSelect(),
) {
  const [totals] = (await totalsOf.count({ n: '*' }).sum({ q: 'b.quantity', v: 'b.value' })) as Row[];
  const rows = await base
    .clone()
    .orderBy([{ column: 'i.code_number' }, { column: 'i.code' }, { column: 'store_id' }])
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  const list = (rows as Row[]).map((r) => balanceRow(r, storeId));
  // the rows whose item and store a background job is re-costing say so, with the job
  const recosting = await recostingOf(
    s,
    list.map((r) => `${r.itemId}\u0000${r.storeId}`),
  );
  for (const r of list) r.recostJobId = recosting.get(`${r.itemId}\u0000${r.storeId}`) ?? null;
  return {
    items: await withNamesAndUnits(s, list),
    total: Number(totals?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    totalQuantity: amount(totals?.q),
    totalValue: amount(totals?.v),
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
  // the kept balances are read item by item in code order (an index), so a page stops after its rows
  // instead of sorting a whole store's items
  const base = query.date
    ? db
        .from(balances.as('b'))
        .join(`${ITEMS} as i`, (j) =>
          j.on('i.id', '=', 'b.item_id').andOn('i.tenant_id', '=', db.raw('?', [s.tenantId])),
        )
    : db
        .from(`${ITEMS} as i`)
        .where('i.tenant_id', s.tenantId)
        .join('stock_balances as b', (j) => {
          j.on('b.tenant_id', '=', 'i.tenant_id').andOn('b.item_id', '=', 'i.id');
          if (query.storeId) j.andOn('b.store_id', '=', db.raw('?', [query.storeId]));
          else if (query.storeIds) j.andOnIn('b.store_id', [...query.storeIds]);
        });
  base.select('b.item_id', 'b.store_id', 'b.quantity', 'b.value', ...itemColumns);
  const nonZero = (q: Knex.QueryBuilder) =>
    query.nonZero === 'true' ? q.andWhere((w) => w.whereNot('b.quantity', 0).orWhereNot('b.value', 0)) : q;
  nonZero(base);
  searchColumns(base, ['i.code', 'i.arabic_name', 'i.english_name', 'i.barcode'], query.search);
  // without a search the totals need no item: a held item cannot be deleted, so every balance has one
  const totalsOf = query.search || query.date ? undefined : nonZero(db.from(balances.clone().as('b')));
  return pageOfBalances(s, base, query, query.storeId ?? null, totalsOf);
}

/** Items at or below their minimum or reorder limit (in one store, or across all stores). */
export async function belowLimits(
  s: TenantScope,
  query: {
    page: number;
    pageSize: number;
    storeId?: string | undefined;
    storeIds?: readonly string[] | null;
    limit: 'minimum' | 'reorder';
  },
) {
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
  const page = await pageOfBalances(s, base, query, query.storeId ?? null);
  return { items: page.items, total: page.total, page: page.page, pageSize: page.pageSize };
}

/** An item's movement card: opening balance before the period, each movement with the running balance. */
export async function itemMovements(
  s: TenantScope,
  query: {
    page: number;
    pageSize: number;
    itemId: string;
    storeId?: string | undefined;
    /** The caller's stores when limited to some branches (issue 9 item 3); null: every store. */
    storeIds?: readonly string[] | null;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
  },
) {
  const scoped = () => {
    const q = s('stock_movements').where('item_id', query.itemId);
    inStores(q, query, 'store_id');
    return q;
  };
  const sums = async (q: Knex.QueryBuilder) => {
    const [r] = (await q.clearSelect().sum({ q: 'quantity', v: 'value' })) as Row[];
    return { q: fromStored((r?.q ?? 0) as number), v: fromStored((r?.v ?? 0) as number) };
  };
  const opening = query.dateFrom
    ? await sums(scoped().andWhere('date', '<', query.dateFrom))
    : { q: dec(0), v: dec(0) };
  const period = scoped();
  if (query.dateFrom) period.andWhere('date', '>=', query.dateFrom);
  if (query.dateTo) period.andWhere('date', '<=', query.dateTo);
  const offset = (query.page - 1) * query.pageSize;
  const [counted] = (await period.clone().clearSelect().count({ n: '*' })) as Row[];
  // the costing order (issue 11): date, the document's entry, its line, then booking order
  const ordered = () =>
    period
      .clone()
      .orderBy([{ column: 'date' }, { column: 'entry' }, { column: 'line_key' }, { column: 'seq' }]);
  const before =
    offset > 0
      ? await sums(s.db.from(ordered().select('quantity', 'value').limit(offset).as('x')))
      : { q: dec(0), v: dec(0) };
  const closing = await sums(period.clone());
  let balance = opening.q.plus(before.q);
  let balanceValue = opening.v.plus(before.v);
  const rows = (await ordered().offset(offset).limit(query.pageSize)) as Row[];
  return {
    itemId: query.itemId,
    openingQuantity: opening.q.toString(),
    openingValue: opening.v.toString(),
    rows: rows.map((r) => {
      const q = fromStored(r.quantity as number);
      const v = fromStored(r.value as number);
      balance = balance.plus(q);
      balanceValue = balanceValue.plus(v);
      return {
        seq: Number(r.seq),
        date: String(r.date),
        storeId: String(r.store_id),
        documentType: String(r.document_type),
        documentId: String(r.document_id),
        documentCode: String(r.document_code),
        sourceService: String(r.source_service),
        quantityIn: q.isPositive() && !q.isZero() ? q.toString() : '0',
        quantityOut: q.isNegative() ? q.negated().toString() : '0',
        value: v.toString(),
        balance: balance.toString(),
        balanceValue: balanceValue.toString(),
      };
    }),
    closingQuantity: opening.q.plus(closing.q).toString(),
    closingValue: opening.v.plus(closing.v).toString(),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every document that moved stock, with the effect of its current revision (the spec's /orders). The page is
 * chosen among the booked documents first (newest first, by index), and only its documents' movements are
 * summed: the ledger's millions of movements are never grouped as a whole.
 */
export async function stockTransactions(
  s: TenantScope,
  query: {
    page: number;
    pageSize: number;
    storeId?: string | undefined;
    /** The caller's stores when limited to some branches (issue 9 item 3); null: every store. */
    storeIds?: readonly string[] | null;
    documentType?: string | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    search?: string | undefined;
  },
) {
  const db = s.db;
  // aliased tables: the tenant filter is written out (the scope helper qualifies by table name)
  const documents = db('stock_documents as d')
    .where('d.tenant_id', s.tenantId)
    .andWhere('d.deleted', false)
    // a current revision that moved nothing (or nothing in the store asked for) is not listed
    .whereExists((e) => {
      e.select(db.raw('1'))
        .from('stock_movements as m')
        .whereRaw('m.tenant_id = d.tenant_id')
        .andWhereRaw('m.source_service = d.source_service')
        .andWhereRaw('m.document_type = d.document_type')
        .andWhereRaw('m.document_id = d.document_id')
        .andWhereRaw('m.revision = d.revision')
        .andWhere('m.reversal', false);
      inStores(e, query, 'm.store_id');
    });
  if (query.documentType) documents.andWhere('d.document_type', query.documentType);
  if (query.dateFrom) documents.andWhere('d.date', '>=', query.dateFrom);
  if (query.dateTo) documents.andWhere('d.date', '<=', query.dateTo);
  searchColumns(documents, ['d.code'], query.search);
  const [counted] = (await documents.clone().count({ n: '*' })) as Row[];
  const page = (await documents
    .clone()
    .select('d.source_service', 'd.document_type', 'd.document_id', 'd.code', 'd.date', 'd.revision')
    .orderBy([
      { column: 'd.date', order: 'desc' },
      { column: 'd.code', order: 'desc' },
      { column: 'd.document_id', order: 'desc' },
    ])
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize)) as Row[];
  const effects = new Map<string, Row>();
  const keyOf = (r: Row) => `${String(r.source_service)}|${String(r.document_type)}|${String(r.document_id)}`;
  if (page.length > 0) {
    const moved = s('stock_movements')
      .whereIn(
        'document_id',
        page.map((d) => String(d.document_id)),
      )
      .andWhere('reversal', false)
      .groupBy('source_service', 'document_type', 'document_id', 'revision')
      .select('source_service', 'document_type', 'document_id', 'revision')
      .count({ lines: '*' })
      .select(db.raw('sum(case when quantity > 0 then quantity else 0 end) as qin'))
      .select(db.raw('sum(case when quantity < 0 then -quantity else 0 end) as qout'))
      .select(db.raw('sum(case when value > 0 then value else 0 end) as vin'))
      .select(db.raw('sum(case when value < 0 then -value else 0 end) as vout'));
    inStores(moved, query, 'store_id');
    for (const r of (await moved) as Row[]) effects.set(`${keyOf(r)}|${Number(r.revision)}`, r);
  }
  return {
    items: page.map((d) => {
      const r = effects.get(`${keyOf(d)}|${Number(d.revision)}`) ?? {};
      return {
        sourceService: String(d.source_service),
        documentType: String(d.document_type),
        documentId: String(d.document_id),
        documentCode: String(d.code),
        date: String(d.date),
        lines: Number(r.lines ?? 0),
        quantityIn: amount(r.qin),
        quantityOut: amount(r.qout),
        // what moved: a transfer's value once, not its two legs netted to zero
        value: amount(Math.max(Number(r.vin ?? 0), Number(r.vout ?? 0))),
      };
    }),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
