import { storedToString, dec, fromStored, linesTableOf, tableOf, items, type Dec } from '@erp/contracts';
import { bool, type TenantScope } from '@erp/service-kit';

/** What the ledger needs of an item: its units' rates to the main unit, cost price, components. */
export interface ItemUnits {
  mainUnitId: string;
  /** unit id → main units in one of it (1 for the main unit). */
  rates: Map<string, Dec>;
  costPrice: Dec;
  isStoredItem: boolean;
  isManufacturingItem: boolean;
  components: { itemId: string; unitId: string; quantity: string }[];
}

export async function itemUnits(s: TenantScope, ids: readonly string[]): Promise<Map<string, ItemUnits>> {
  const out = new Map<string, ItemUnits>();
  if (ids.length === 0) return out;
  const rows = await s
    .byIds(tableOf(items), ids)
    .select('id', 'main_unit_id', 'cost_price', 'is_stored_item', 'is_manufacturing_item');
  for (const r of rows as Record<string, unknown>[])
    out.set(String(r.id), {
      mainUnitId: String(r.main_unit_id),
      rates: new Map([[String(r.main_unit_id), dec(1)]]),
      costPrice: fromStored(r.cost_price as number | null),
      isStoredItem: bool(r.is_stored_item),
      isManufacturingItem: bool(r.is_manufacturing_item),
      components: [],
    });
  const subUnits = await s(linesTableOf(items, 'units'))
    .whereIn('parent_id', ids)
    .select('parent_id', 'unit_id', 'conversion_rate');
  for (const u of subUnits as Record<string, unknown>[])
    out.get(String(u.parent_id))?.rates.set(String(u.unit_id), fromStored(u.conversion_rate as number));
  const components = await s(linesTableOf(items, 'components'))
    .whereIn('parent_id', ids)
    .orderBy(['parent_id', 'line_no'])
    .select('parent_id', 'item_id', 'unit_id', 'quantity');
  for (const c of components as Record<string, unknown>[])
    out.get(String(c.parent_id))?.components.push({
      itemId: String(c.item_id),
      unitId: String(c.unit_id),
      quantity: storedToString(c.quantity as number),
    });
  return out;
}
