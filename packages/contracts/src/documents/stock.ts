import { Permission as P } from '../permissions';
import type { FieldDef } from '../master-data/declare';
import { defineDocument, type DocumentDef } from './declare';
import { salesDocuments } from './sales';
import { vouchers } from './vouchers';

/**
 * Inventory's stock documents (spec section 2 'Inventory', issue 4 item 4). Quantities are in the line's unit;
 * the ledger converts them to the item's main unit. Costs are per line unit; empty means the store's current
 * weighted-average cost.
 */
const store = (name: string): FieldDef => ({
  name,
  kind: 'reference',
  reference: 'stores',
  required: true,
  list: true,
});
const item: FieldDef = { name: 'itemId', kind: 'reference', reference: 'items', required: true };
const unit: FieldDef = { name: 'unitId', kind: 'reference', reference: 'units', required: true };
const quantity: FieldDef = { name: 'quantity', kind: 'decimal', required: true, minValue: 0 };
const unitCost: FieldDef = { name: 'unitCost', kind: 'decimal', minValue: 0 };
const issueLines = [item, unit, quantity] as const;
const receiptLines = [item, unit, quantity, unitCost] as const;
const oneStore = {
  header: [store('storeId')],
  storeFields: ['storeId'],
  lineKey: ['itemId', 'unitId'],
} as const;

export const storageTransfers = defineDocument({
  name: 'storageTransfers',
  service: 'inventory',
  route: '/storage-transfer',
  apiPath: '/api/StorageTransfers',
  permissions: { view: P.viewStorageTransfer, add: P.addStorageTransfer, edit: P.editStorageTransfer },
  header: [store('storeId'), store('toStoreId')],
  storeFields: ['storeId', 'toStoreId'],
  differentFields: ['storeId', 'toStoreId'],
  lines: issueLines,
  lineKey: ['itemId', 'unitId'],
  quantityField: 'quantity',
  menu: { group: 'inventory', icon: 'pi pi-arrow-right-arrow-left' },
});

export const shortageAdjustments = defineDocument({
  name: 'shortageAdjustments',
  service: 'inventory',
  route: '/shortage-adjustment',
  apiPath: '/api/ShortageAdjustments',
  permissions: {
    view: P.viewShortageAdjustments,
    add: P.addShortageAdjustments,
    edit: P.editShortageAdjustments,
  },
  ...oneStore,
  lines: issueLines,
  quantityField: 'quantity',
  menu: { group: 'inventory', icon: 'pi pi-minus-circle' },
});

export const overflowAdjustments = defineDocument({
  name: 'overflowAdjustments',
  service: 'inventory',
  route: '/overflow-adjustment',
  apiPath: '/api/OverflowAdjustments',
  permissions: {
    view: P.viewOverflowAdjustments,
    add: P.addOverflowAdjustments,
    edit: P.editOverflowAdjustments,
  },
  ...oneStore,
  lines: receiptLines,
  quantityField: 'quantity',
  priceField: 'unitCost',
  menu: { group: 'inventory', icon: 'pi pi-plus-circle' },
});

export const damageAdjustments = defineDocument({
  name: 'damageAdjustments',
  service: 'inventory',
  route: '/damage-adjustment',
  apiPath: '/api/DamageAdjustments',
  permissions: { view: P.viewDamageAdjustments, add: P.addDamageAdjustments, edit: P.editDamageAdjustments },
  ...oneStore,
  lines: issueLines,
  quantityField: 'quantity',
  menu: { group: 'inventory', icon: 'pi pi-trash' },
});

/** The count sheet of a store; closing it (after confirmation) turns the differences into adjustments. */
export const stocktakings = defineDocument({
  name: 'stocktakings',
  service: 'inventory',
  route: '/inventory',
  apiPath: '/api/Stocktakings',
  permissions: { view: P.viewStocktaking, add: P.addStocktaking, edit: P.editStocktaking },
  ...oneStore,
  lines: [item, unit, { name: 'countedQuantity', kind: 'decimal', required: true, minValue: 0 }],
  quantityField: 'countedQuantity',
  // a count of zero is a finding, not a typing slip
  allowZeroQuantity: true,
  closable: true,
  countSheet: true,
  menu: { group: 'inventory', icon: 'pi pi-list-check' },
});

/** Addition orders receive goods into a store (the spec names no add permission: edit covers it). */
export const additionOrders = defineDocument({
  name: 'additionOrders',
  service: 'inventory',
  route: '/addition-order',
  apiPath: '/api/AdditionOrders',
  permissions: { view: P.viewAdditionOrders, add: P.editAdditionOrders, edit: P.editAdditionOrders },
  ...oneStore,
  lines: receiptLines,
  quantityField: 'quantity',
  priceField: 'unitCost',
  menu: { group: 'stores', icon: 'pi pi-download' },
});

/** Exchange orders issue goods out of a store (listed with sales in the spec; owned by inventory). */
export const exchangeOrders = defineDocument({
  name: 'exchangeOrders',
  service: 'inventory',
  route: '/exchange-order',
  apiPath: '/api/ExchangeOrders',
  permissions: { view: P.viewExchangeOrders, add: P.editExchangeOrders, edit: P.editExchangeOrders },
  ...oneStore,
  lines: issueLines,
  quantityField: 'quantity',
  menu: { group: 'stores', icon: 'pi pi-upload' },
});

/** Manufacturing orders consume each product's components and add the product at the components' cost. */
export const manufacturingOrders = defineDocument({
  name: 'manufacturingOrders',
  service: 'inventory',
  route: '/manufacturing-order',
  apiPath: '/api/ManufacturingOrders',
  permissions: {
    view: P.viewManufacturingOrders,
    add: P.editManufacturingOrders,
    edit: P.editManufacturingOrders,
  },
  ...oneStore,
  lines: issueLines,
  quantityField: 'quantity',
  menu: { group: 'stores', icon: 'pi pi-cog' },
});

export const stockDocuments: readonly DocumentDef[] = [
  storageTransfers,
  shortageAdjustments,
  overflowAdjustments,
  damageAdjustments,
  stocktakings,
  additionOrders,
  exchangeOrders,
  manufacturingOrders,
];

export const documentDefinitions: readonly DocumentDef[] = [...stockDocuments, vouchers, ...salesDocuments];

export function documentsOf(service: string): DocumentDef[] {
  return documentDefinitions.filter((d) => d.service === service);
}
