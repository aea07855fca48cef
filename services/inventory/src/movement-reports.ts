import type { Knex } from 'knex';
import { dec, fromStored, type ItemMovementRow, type StockTransactionRow } from '@erp/contracts';
import { searchColumns, type ReportResult, type TenantScope } from '@erp/service-kit';
import { itemUnits } from './ledger/items';
import { amount, inStores, type Row, type Sort } from './reports';

// The reports over the ledger's movements: an item's movement card and the documents that moved stock.

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
): Promise<ReportResult<ItemMovementRow>> {
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
  // the period's in and out (one item: one unit, its main one)
  const [moved] = (await period
    .clone()
    .clearSelect()
    .select(s.db.raw('sum(case when quantity > 0 then quantity else 0 end) as qin'))
    .select(s.db.raw('sum(case when quantity < 0 then -quantity else 0 end) as qout'))) as Row[];
  const unitId = (await itemUnits(s, [query.itemId])).get(query.itemId)?.mainUnitId ?? null;
  let balance = opening.q.plus(before.q);
  let balanceValue = opening.v.plus(before.v);
  const rows = (await ordered().offset(offset).limit(query.pageSize)) as Row[];
  const unitTotal = (v: unknown) => [{ unitId: unitId ?? '', quantity: amount(v) }];
  return {
    rows: rows.map((r) => {
      const q = fromStored(r.quantity as number);
      const v = fromStored(r.value as number);
      balance = balance.plus(q);
      balanceValue = balanceValue.plus(v);
      return {
        seq: Number(r.seq),
        date: String(r.date),
        storeId: String(r.store_id),
        unitId,
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
    total: Number(counted?.n ?? 0),
    totals: { quantityIn: unitTotal(moved?.qin), quantityOut: unitTotal(moved?.qout) },
    summary: {
      openingQuantity: opening.q.toString(),
      openingValue: opening.v.toString(),
      closingQuantity: opening.q.plus(closing.q).toString(),
      closingValue: opening.v.plus(closing.v).toString(),
    },
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
    sort: Sort;
  },
): Promise<ReportResult<StockTransactionRow>> {
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
    .orderBy(
      query.sort.column === 'documentCode'
        ? [
            { column: 'd.code', order: query.sort.order },
            { column: 'd.document_id', order: query.sort.order },
          ]
        : [
            { column: 'd.date', order: query.sort.order },
            { column: 'd.code', order: query.sort.order },
            { column: 'd.document_id', order: query.sort.order },
          ],
    )
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
    rows: page.map((d) => {
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
  };
}
