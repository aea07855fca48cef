import { Permission as P } from '../permissions';
import type { FieldDef } from '../master-data/declare';
import { moneyHeaderFields, moneyLineFields } from '../money-documents/fields';
import { defineDocument } from './declare';

/**
 * Sales documents on the money-document engine (spec sections 2 'Sales', 4 and 5; issue 14, deliverable 3).
 * Lines name an item in one of its units, the store it leaves, the quantity and the money fields; the header
 * the customer, cash or credit, an agent and the document's discount. Quotations and sales orders convert into
 * invoices (partly or wholly); an issued invoice is immutable and is corrected by a return (a credit note)
 * that names it and a coded reason.
 */
const lines: readonly FieldDef[] = [
  { name: 'itemId', kind: 'reference', reference: 'items', required: true },
  { name: 'unitId', kind: 'reference', reference: 'units', required: true },
  { name: 'storeId', kind: 'reference', reference: 'stores', required: true },
  { name: 'quantity', kind: 'decimal', required: true, minValue: 0 },
  ...moneyLineFields,
];

/** Spec section 5: 'payment type must fit the customer' (a cash customer pays cash). */
export const salesPaymentTypes = ['cash', 'onCredit'] as const;

const header: readonly FieldDef[] = [
  { name: 'customerId', kind: 'reference', reference: 'customers', required: true, list: true },
  { name: 'paymentType', kind: 'enum', options: salesPaymentTypes, required: true, list: true },
  { name: 'agentId', kind: 'reference', reference: 'agents' },
  ...moneyHeaderFields,
];

/**
 * Why a credit note is issued (ZATCA KSA-10, the reasons its guidelines list): a return names one; the original
 * invoice is its source.
 */
export const creditNoteReasons = [
  'goodsReturned',
  'cancellation',
  'priceChange',
  'quantityChange',
  'discountAfterSale',
  'other',
] as const;

const common = {
  service: 'sales',
  header,
  storeFields: [],
  lines,
  lineKey: ['itemId', 'unitId', 'storeId'],
  quantityField: 'quantity',
  priceField: 'price',
  money: true,
} as const;

const issuedStatuses = {
  values: ['drafted', 'held', 'issued', 'cancelled'],
  locked: ['issued', 'cancelled'],
  lockedCode: 'issuedDocument',
  void: ['cancelled'],
} as const;

export const quotations = defineDocument({
  ...common,
  name: 'quotations',
  route: '/quotation',
  apiPath: '/api/Quotations',
  permissions: { view: P.viewTransactions, add: P.addQuotations, edit: P.editQuotations },
  closable: true,
  menu: { group: 'sales', icon: 'pi pi-file-edit' },
});

export const salesOrders = defineDocument({
  ...common,
  name: 'salesOrders',
  route: '/sales-order',
  apiPath: '/api/SalesOrders',
  permissions: { view: P.viewTransactions, add: P.addSalesOrders, edit: P.editSalesOrders },
  closable: true,
  convertsFrom: ['quotations'],
  menu: { group: 'sales', icon: 'pi pi-clipboard' },
});

/**
 * Invoices: drafted (under procedure), held (hung, retrieved later), issued (stock and ledger move, locked) or
 * cancelled (what it moved is reversed; its number stays, never reused).
 */
export const salesInvoices = defineDocument({
  ...common,
  name: 'salesInvoices',
  route: '/invoice-list',
  apiPath: '/api/SalesInvoices',
  permissions: { view: P.viewTransactions, add: P.addSalesTransactions, edit: P.editSalesTransactions },
  payments: { method: { name: 'paymentMethodId', kind: 'reference', reference: 'paymentMethods' } },
  convertsFrom: ['quotations', 'salesOrders'],
  statuses: issuedStatuses,
  issueChain: true,
  transitions: [
    { action: 'hold', from: ['drafted'], to: 'held' },
    { action: 'retrieve', from: ['held'], to: 'drafted' },
    { action: 'issue', from: ['drafted', 'held'], to: 'issued' },
    { action: 'cancel', from: ['drafted', 'held', 'issued'], to: 'cancelled' },
  ],
  menu: { group: 'sales', icon: 'pi pi-receipt' },
});

/** Returns (credit notes) of an issued invoice: its lines, not above what is left of them. */
export const salesReturns = defineDocument({
  ...common,
  name: 'salesReturns',
  route: '/return-sales',
  apiPath: '/api/SalesReturns',
  permissions: {
    view: P.viewTransactions,
    add: P.addReturnSalesTransactions,
    edit: P.editReturnSalesTransactions,
  },
  header: [...header, { name: 'reason', kind: 'enum', options: creditNoteReasons, required: true }],
  payments: { method: { name: 'paymentMethodId', kind: 'reference', reference: 'paymentMethods' } },
  convertsFrom: ['salesInvoices'],
  convertsFromStatuses: ['issued'],
  statuses: issuedStatuses,
  issueChain: true,
  transitions: [
    { action: 'issue', from: ['drafted', 'held'], to: 'issued' },
    { action: 'cancel', from: ['drafted', 'held', 'issued'], to: 'cancelled' },
  ],
  menu: { group: 'sales', icon: 'pi pi-replay' },
});

export const salesDocuments = [quotations, salesOrders, salesInvoices, salesReturns] as const;
