import {
  dec,
  fromStored,
  manufacturingOrders,
  tableOf,
  items,
  type ManufacturingExchange,
} from '@erp/contracts';
import { documentStore, type TenantScope } from '@erp/service-kit';

type Row = Record<string, unknown>;
const ITEMS = tableOf(items);

/**
 * The exchange order of a manufacturing order: what its booked revision issued (components, negative
 * movements) and received (products), read from the ledger so the figures are those the accounts saw.
 */
export async function manufacturingExchange(
  s: TenantScope,
  id: string,
): Promise<ManufacturingExchange | null> {
  const order = await documentStore.find(s, manufacturingOrders, id);
  if (!order) return null;
  const booked = await s('stock_documents')
    .where({ source_service: 'inventory', document_type: manufacturingOrders.name, document_id: id })
    .first('revision');
  const movements: Row[] = booked
    ? await s('stock_movements')
        .join(`${ITEMS} as i`, (j) =>
          j.on('i.id', '=', 'stock_movements.item_id').andOn('i.tenant_id', '=', 'stock_movements.tenant_id'),
        )
        .where({
          'stock_movements.source_service': 'inventory',
          'stock_movements.document_type': manufacturingOrders.name,
          'stock_movements.document_id': id,
          'stock_movements.revision': Number(booked.revision),
          'stock_movements.reversal': false,
        })
        .orderBy('stock_movements.seq')
        .select(
          'stock_movements.item_id',
          'stock_movements.line_key',
          'stock_movements.quantity',
          'stock_movements.value',
          'i.code',
          'i.arabic_name',
          'i.english_name',
          'i.main_unit_id',
        )
    : [];
  const line = (m: Row) => {
    const quantity = fromStored(m.quantity as number).abs();
    const value = fromStored(m.value as number).abs();
    return {
      itemId: String(m.item_id),
      code: String(m.code),
      arabicName: String(m.arabic_name),
      englishName: String(m.english_name),
      unitId: m.main_unit_id ? String(m.main_unit_id) : null,
      quantity: quantity.toString(),
      unitCost: quantity.isZero() ? '0' : value.dividedBy(quantity).toDecimalPlaces(4).toString(),
      value: value.toString(),
    };
  };
  // a line re-costed after a back-dated change has corrections (value only) beside it: one line each
  const folded = new Map<string, Row>();
  for (const m of movements) {
    const key = `${String(m.item_id)}/${String(m.line_key)}`;
    const seen = folded.get(key);
    if (!seen) folded.set(key, { ...m });
    else {
      seen.quantity = Number(seen.quantity) + Number(m.quantity);
      seen.value = Number(seen.value) + Number(m.value);
    }
  }
  const lines = [...folded.values()];
  const consumed = lines.filter((m) => fromStored(m.quantity as number).isNegative()).map(line);
  return {
    id: order.id,
    code: order.code,
    date: order.date,
    storeId: String(order.storeId ?? ''),
    notes: String(order.notes ?? ''),
    consumed,
    produced: lines.filter((m) => fromStored(m.quantity as number).greaterThan(0)).map(line),
    totalValue: consumed.reduce((t, l) => t.plus(l.value), dec(0)).toString(),
  };
}
