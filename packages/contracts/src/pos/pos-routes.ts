import { z } from 'zod';
import { idSchema } from '../common';
import { documentInputSchema, documentRecordSchema, salesInvoices } from '../documents';
import { access, defineRoutes } from '../http';
import { Permission as P } from '../permissions';
import { requiredText } from '../text';
import { isoDateSchema } from '../validators';

const hashSchema = z.string().regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });

/** A till: an issuing unit of its own in a branch, with where its chain stands on the server. */
export const tillSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  branchId: z.string(),
  /** The last counter the server holds of the till, and that invoice's hash (the next one's previous hash). */
  counter: z.number().int(),
  lastHash: z.string(),
  createdAt: z.string(),
});
export type Till = z.infer<typeof tillSchema>;

/**
 * A sale made at a till, sent once the server answers (at once online, from the queue offline): its place in
 * the till's chain, fixed when the receipt was made, and the invoice itself (issued as it is saved).
 */
export const tillSaleInput = z.object({
  tillId: idSchema,
  uuid: z.string().uuid(),
  counter: z.number().int().min(1),
  previousHash: hashSchema,
  hash: hashSchema,
  issuedAt: z.string().datetime(),
  /**
   * A held ('hung') invoice the till retrieved (the `retrieve` transition: held → drafted, once, on one till of
   * the branch): the sync updates that document with the sale and issues it in the till's chain.
   */
  invoiceId: idSchema.optional(),
  sale: documentInputSchema(salesInvoices),
});
export type TillSaleInput = z.input<typeof tillSaleInput>;

export const tillSaleStatuses = ['issued', 'needsAttention'] as const;

/**
 * Where a till's sale stands: issued (the invoice), or kept for a supervisor with the reason the server refused
 * it at sync (stock policy, credit limit, a closed period): its place in the chain stays, it is never dropped.
 */
export const tillSaleSchema = z.object({
  tillId: z.string(),
  counter: z.number().int(),
  uuid: z.string(),
  number: z.string(),
  status: z.enum(tillSaleStatuses),
  invoiceId: z.string().nullable(),
  invoiceCode: z.string().nullable(),
  reason: z.string().nullable(),
  /** The refusal's message in the caller's language. */
  message: z.string().nullable(),
  date: z.string(),
  total: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TillSale = z.infer<typeof tillSaleSchema>;

/**
 * An item as the till keeps it offline (issue 15 deliverable 7), from the sales service's replica of inventory's
 * items: its barcodes per unit, its scale code, its prices and its VAT (standard-rated unless not taxable, as the
 * sales invoice form starts a line). A deleted item comes with `deleted: true` so the till drops it.
 */
export const posCatalogItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  deleted: z.boolean(),
  isActive: z.boolean(),
  barcode: z.string(),
  isBalanceItem: z.boolean(),
  scaleCode: z.string(),
  /** A quick item: a button on the till's grid (the item's `showInPos`, set in master data by whoever edits items). */
  quickItem: z.boolean(),
  mainUnitId: z.string().nullable(),
  salesPrice: z.string().nullable(),
  minSalesPrice: z.string().nullable(),
  taxCategory: z.enum(['S', 'E']),
  taxRate: z.string(),
  units: z.array(
    z.object({
      unitId: z.string().nullable(),
      conversionRate: z.string().nullable(),
      barcode: z.string(),
      salesPrice: z.string().nullable(),
    }),
  ),
});
export type PosCatalogItem = z.infer<typeof posCatalogItemSchema>;

/** A page of the catalogue feed and the cursor of its last row (null: the till is up to date). */
export const posCatalogPageSchema = z.object({
  items: z.array(posCatalogItemSchema),
  next: z.string().nullable(),
});
export type PosCatalogPage = z.infer<typeof posCatalogPageSchema>;

const namedSchema = z.object({
  id: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
});

/** What the till keeps besides items: units, payment methods (with their kind) and customers (found by phone). */
export const posLookupsSchema = z.object({
  units: z.array(namedSchema),
  paymentMethods: z.array(namedSchema.extend({ kind: z.string() })),
  customers: z.array(namedSchema.extend({ phone: z.string().nullable(), isCashCustomer: z.boolean() })),
  /**
   * The signed-in cashier's own limits, which the server enforces on the invoice at sync (the sales rules): the
   * till keeps them with the lookups so that it refuses offline what the server would refuse. An admin: '100'
   * and true. Whose they are (a till is shared by the branch's cashiers); absent in what a till stored before
   * they were sent (the till then allows nothing beyond the list price).
   */
  me: z.object({ userId: z.string(), maxAllowedDiscount: z.string(), canRaisePrice: z.boolean() }).optional(),
});
export type PosLookups = z.infer<typeof posLookupsSchema>;

/** A held ('hung') sale as the till lists it. */
export const posHeldSaleSchema = z.object({
  id: z.string(),
  code: z.string(),
  date: z.string(),
  totalValue: z.string(),
});
export type PosHeldSale = z.infer<typeof posHeldSaleSchema>;

/** A sale held at a till: the sale as the till sends it, without payments (they are taken when it is sold). */
const heldSaleInput = documentInputSchema(salesInvoices);

export const posRoutes = defineRoutes({
  catalog: {
    method: 'get',
    path: '/api/PointOfSale/Catalog',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary:
      "The till's offline catalogue, changed items after a cursor in the order they changed (deleted ones as deleted)",
    query: z.object({
      after: z.string().max(120).optional(),
      limit: z.coerce.number().int().min(1).max(5000).default(1000),
    }),
    response: posCatalogPageSchema,
  },
  lookups: {
    method: 'get',
    path: '/api/PointOfSale/Lookups',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary:
      "What the till keeps besides items: units, active payment methods, customers and the caller's own limits",
    response: posLookupsSchema,
  },
  registerTill: {
    method: 'post',
    path: '/api/PointOfSale/Tills',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: "A new till in the caller's branch: an issuing unit with its own number series and chain",
    status: 201,
    body: z.object({ name: requiredText(60) }),
    response: tillSchema,
  },
  listTills: {
    method: 'get',
    path: '/api/PointOfSale/Tills',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: "The tills of the caller's branch (or every branch the caller may use)",
    response: z.array(tillSchema),
  },
  getTill: {
    method: 'get',
    path: '/api/PointOfSale/Tills/:id',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: 'A till and where its chain stands on the server',
    params: z.object({ id: idSchema }),
    response: tillSchema,
  },
  syncSale: {
    method: 'post',
    path: '/api/PointOfSale/Sales',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary:
      "A till's sale in its chain, exactly once (Idempotency-Key: the sale's uuid): issued, or kept for a supervisor",
    body: tillSaleInput,
    response: tillSaleSchema,
  },
  /*
   * Hold and retrieve at the till (issue 15 deliverable 3) need only the till's permission, like the sale
   * itself: the back office's invoice list (viewTransactions) and editing invoices (editSalesTransactions) are
   * not a cashier's. They are the same held sales invoices and the same engine's hold and retrieve.
   */
  holdSale: {
    method: 'post',
    path: '/api/PointOfSale/Held',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary:
      "Hold (hang) a till's sale: a held sales invoice of the branch that any of its tills can retrieve",
    status: 201,
    body: heldSaleInput,
    response: posHeldSaleSchema,
  },
  holdAgain: {
    method: 'put',
    path: '/api/PointOfSale/Held/:id',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: 'Hold again a sale the till retrieved (drafted by the retrieve), with its lines as they are now',
    params: z.object({ id: idSchema }),
    body: heldSaleInput,
    response: posHeldSaleSchema,
  },
  listHeld: {
    method: 'get',
    path: '/api/PointOfSale/Held',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: "The held sales of the caller's branch ('hung invoices'), newest first",
    response: z.object({ items: z.array(posHeldSaleSchema) }),
  },
  retrieveHeld: {
    method: 'post',
    path: '/api/PointOfSale/Held/:id/retrieve',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'PointOfSale',
    summary: 'Retrieve a held sale into a till, once (held → drafted): a second till retrieving it gets 409',
    params: z.object({ id: idSchema }),
    response: documentRecordSchema(salesInvoices),
  },
  needsAttention: {
    method: 'get',
    path: '/api/PointOfSale/NeedsAttention',
    service: 'sales',
    access: access.permission(P.editSalesTransactions),
    tag: 'PointOfSale',
    summary: "Tills' sales the server refused at sync, with the reason, oldest first",
    query: z.object({ dateFrom: isoDateSchema.optional(), resolved: z.enum(['true', 'false']).optional() }),
    response: z.array(tillSaleSchema),
  },
  retrySale: {
    method: 'post',
    path: '/api/PointOfSale/NeedsAttention/:tillId/:counter/retry',
    service: 'sales',
    access: access.permission(P.editSalesTransactions),
    tag: 'PointOfSale',
    summary:
      'Issue a kept sale again (stock received, a limit raised): in its place in the chain, or refused again',
    params: z.object({ tillId: idSchema, counter: z.coerce.number().int().min(1) }),
    response: tillSaleSchema,
  },
});
