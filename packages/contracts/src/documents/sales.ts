import { Permission as P } from '../permissions';
import type { FieldDef } from '../master-data/declare';
import { moneyHeaderFields, moneyLineFields } from '../money-documents/field-defs';
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

/**
 * Drafted (under-procedure) sales (spec section 2, /drafted): a sale prepared by whoever holds the under-procedure
 * rights, moving nothing, that a user with the invoice rights converts into an invoice (wholly or in parts), or
 * closes when it will not be sold.
 */
export const draftedSales = defineDocument({
  ...common,
  name: 'draftedSales',
  route: '/drafted',
  apiPath: '/api/DraftedSales',
  permissions: {
    view: P.viewUnderProcedureTransaction,
    add: P.addUnderProcedureTransaction,
    edit: P.editUnderProcedureTransaction,
  },
  closable: true,
  menu: { group: 'sales', icon: 'pi pi-pencil' },
});

/**
 * Reservations (spec sections 2 and 4, /reservations): goods kept for a customer. Where the branch forbids
 * negative stock, what a reservation has not yet had converted into invoices is held in its stores (inventory's
 * stock holds) so nobody else sells it; stopping it frees what is left.
 */
export const reservations = defineDocument({
  ...common,
  name: 'reservations',
  route: '/reservations',
  apiPath: '/api/Reservations',
  permissions: { view: P.viewTransactions, add: P.addReservations, edit: P.editReservations },
  statuses: { values: ['active', 'stopped'], locked: ['stopped'], lockedCode: 'reservationStopped' },
  transitions: [{ action: 'stop', from: ['active'], to: 'stopped', endsSource: true }],
  menu: { group: 'sales', icon: 'pi pi-bookmark' },
});

/**
 * Contracts (spec section 2, /contracts, the sales-order rights): what is agreed with a customer for a period,
 * invoiced in parts as the work is delivered; closed when no more of it will be invoiced. Shown where the company
 * does contracts and construction.
 */
export const salesContracts = defineDocument({
  ...common,
  name: 'salesContracts',
  route: '/contracts',
  apiPath: '/api/SalesContracts',
  permissions: { view: P.viewTransactions, add: P.addSalesOrders, edit: P.editSalesOrders },
  header: [
    ...header,
    // not list columns: the list keeps the width of the other sales lists
    { name: 'startDate', kind: 'date', required: true },
    { name: 'endDate', kind: 'date', required: true },
  ],
  closable: true,
  menu: { group: 'sales', icon: 'pi pi-briefcase', flags: ['contractsAndConstruction'] },
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

/** Spec sections 3 and 5, cars: an invoice of a car showroom names the car's chassis (never twice), colour and
 * condition; elsewhere the fields are neither shown nor asked. */
export const carConditions = ['new', 'used'] as const;
const carFields: readonly FieldDef[] = [
  { name: 'chassisNumber', kind: 'text', max: 30, required: true, unique: true, flags: ['carShowroom'] },
  { name: 'carColor', kind: 'text', max: 40, required: true, flags: ['carShowroom'] },
  { name: 'carCondition', kind: 'enum', options: carConditions, required: true, flags: ['carShowroom'] },
];

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
  header: [...header, ...carFields],
  payments: { method: { name: 'paymentMethodId', kind: 'reference', reference: 'paymentMethods' } },
  convertsFrom: ['quotations', 'salesOrders', 'draftedSales', 'reservations', 'salesContracts'],
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

export const salesDocuments = [
  quotations,
  salesOrders,
  draftedSales,
  reservations,
  salesContracts,
  salesInvoices,
  salesReturns,
] as const;
