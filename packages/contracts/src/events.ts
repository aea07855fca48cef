import { z } from 'zod';
import { branchAccountLinks } from './account-links';
import { branchPolicies, branchSwitches } from './identity';
import { scaleModes, scalePrefixes } from './pos/scale-barcode';

/**
 * Integration events (design.md section 3). An event type is `<service>.<entity>.<verb>`; its Kafka topic is
 * `<service>.<entity>`, keyed by tenant and aggregate so that one aggregate's events stay in order.
 * Producers and consumers import the same definitions below; the AsyncAPI document is generated from them.
 */
/**
 * The envelope's limits are the messaging tables' columns (kit_0001_messaging: `inbox`, `dead_letters`,
 * `outbox`): an event that passes the contract always fits them. The Kafka key and `outbox.msg_key` are
 * `<tenantId>:<aggregateId>`, at most 100 characters. A test compares these with the migrated columns.
 */
export const envelopeLimits = { id: 36, type: 100, tenantId: 36, aggregateId: 63 } as const;

export const envelopeSchema = z.object({
  id: z.string().min(1).max(envelopeLimits.id),
  type: z
    .string()
    .max(envelopeLimits.type)
    .regex(/^[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+$/),
  version: z.number().int().min(1),
  tenantId: z.string().min(1).max(envelopeLimits.tenantId),
  branchId: z.string().nullable(),
  occurredAt: z.string(),
  aggregateId: z.string().min(1).max(envelopeLimits.aggregateId),
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  payload: z.unknown(),
});
export type Envelope<P = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: P };

export interface EventDefinition<T extends string = string, P extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  summary: string;
  payload: P;
}

function defineEvent<T extends string, P extends z.ZodType>(
  type: T,
  version: number,
  summary: string,
  payload: P,
) {
  return { type, version, summary, payload } satisfies EventDefinition<T, P>;
}

export function topicOf(type: string): string {
  return type.split('.').slice(0, 2).join('.');
}

// ---- payloads ------------------------------------------------------------------------------------

const tenantChanged = z.object({
  tenantId: z.string(),
  name: z.string(),
  subscriptionStart: z.string(),
  subscriptionEnd: z.string(),
  active: z.boolean(),
});

const userPayload = z.object({
  id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  branches: z.array(z.string()),
  maxAllowedDiscount: z.string(),
  /** The user's rights on sales documents (spec section 6); events from before they were carried: none. */
  canExceedOriginalQuantity: z.boolean().default(false),
  canRaisePriceAboveSalesPrice: z.boolean().default(false),
  canSaveInvoiceWithRemainder: z.boolean().default(false),
  /** Access tokens issued before this version are refused (events from before versions existed: 0). */
  tokenVersion: z.number().int().min(0).default(0),
});

const branchPayload = z.object({
  id: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  isMaster: z.boolean(),
  decimalDigits: z.number().int(),
  timezone: z.string(),
  defaultCustomerId: z.string().nullable(),
  defaultStoreId: z.string().nullable(),
  /** The policies and switches other services enforce (negative stock, zero quantities, serial per year). */
  policies: branchPolicies.optional(),
  switches: branchSwitches.optional(),
  /** How deep the chart of accounts may go (spec section 3, branch); absent in events from before. */
  maxAccountLevel: z.number().int().optional(),
  /** The branch's links to accounting accounts (accounts posts documents with them); absent in events from before. */
  accountLinks: branchAccountLinks.optional(),
});

const companyPayload = z.object({
  arabicName: z.string(),
  englishName: z.string(),
  taxNumber: z.string(),
  taxPercentage: z.string(),
  country: z.string(),
  currency: z.string(),
  /** The first fiscal year; later years follow it (the FiscalYear header's dates are derived from it). */
  fiscalYearStart: z.string().optional(),
  fiscalYearEnd: z.string().optional(),
  /** The company's business types (car showroom, contracts…): fields of a business are checked only there. */
  businessTypes: z.record(z.string(), z.boolean()).optional(),
  /**
   * The POS settings (issue 15): how the company's scales print their labels, for the barcode lookup. Absent in
   * events from before it: read as prefix 20, weight.
   */
  posConfiguration: z
    .object({ scalePrefix: z.enum(scalePrefixes), scaleMode: z.enum(scaleModes) })
    .optional(),
});

export const auditChange = z.object({
  property: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

const auditRecord = z.object({
  service: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(['created', 'modified', 'deleted']),
  changes: z.array(auditChange),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

const masterDataChanged = z.object({
  entity: z.string(),
  id: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  deleted: z.boolean(),
  record: z.record(z.string(), z.unknown()),
});

/** An item as other services replicate it (prices and units for their documents). */
const itemPayload = z.object({
  id: z.string(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  barcode: z.string(),
  categoryId: z.string().nullable(),
  mainUnitId: z.string().nullable(),
  salesPrice: z.string().nullable(),
  minSalesPrice: z.string().nullable(),
  maxSalesPrice: z.string().nullable(),
  costPrice: z.string().nullable(),
  taxId: z.string().nullable(),
  isStoredItem: z.boolean(),
  isTaxable: z.boolean(),
  isActive: z.boolean(),
  isBalanceItem: z.boolean(),
  /** A quick item on the tills' grid; absent in events published before the field existed. */
  showInPos: z.boolean().optional(),
  scaleCode: z.string(),
  units: z.array(
    z.object({
      unitId: z.string().nullable(),
      conversionRate: z.string().nullable(),
      barcode: z.string(),
      salesPrice: z.string().nullable(),
    }),
  ),
  deleted: z.boolean(),
});

/**
 * A document of another service that moves stock, as a whole at one revision (issue 4, item 3). Inventory
 * replaces the document's earlier effect with this one; a lower revision than the one applied is stale and
 * changes nothing, so redelivered and out-of-order events leave the ledger right. Deleted or cancelled: no
 * lines. Quantities are positive decimal strings in the line's unit; `direction` says in or out of the store.
 */
const stockDocumentPayload = z.object({
  documentType: z.string(),
  documentId: z.string(),
  code: z.string(),
  revision: z.number().int().min(1),
  date: z.string(),
  deleted: z.boolean(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      unitId: z.string(),
      storeId: z.string(),
      quantity: z.string(),
      direction: z.enum(['in', 'out']),
      /** Receipts: the cost per line unit (purchases); null: the store's weighted-average cost. */
      unitCost: z.string().nullable(),
    }),
  ),
});
export type StockDocumentPayload = z.infer<typeof stockDocumentPayload>;

/** Stock movements booked for one document revision, with their cost, for accounts (cost of goods sold). */
const stockMovedPayload = z.object({
  sourceService: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  code: z.string(),
  revision: z.number().int(),
  date: z.string(),
  movements: z.array(
    z.object({
      itemId: z.string(),
      storeId: z.string(),
      /** Signed, in the item's main unit; reversals of an earlier revision carry the opposite sign. */
      quantity: z.string(),
      /** Signed value at cost. */
      value: z.string(),
      reversal: z.boolean(),
    }),
  ),
});
export type StockMovedPayload = z.infer<typeof stockMovedPayload>;

const stockCostCorrectedPayload = z.object({
  /** The change that caused the re-costing (a back-dated document, edit, deletion or re-dating) at its revision. */
  sourceService: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  revision: z.number().int(),
  /** A large re-costing comes in parts (at most 1,000 corrections, and under 60 KB each), numbered from 1. */
  part: z.number().int(),
  /**
   * One per document revision, store and date whose lines were re-costed, their changes summed (the stock
   * ledger keeps each line's correction; accounts books a document's cost per branch). An event of before
   * 2026-12-07 has one per line, with its `itemId`: the same sums, in more pieces.
   */
  corrections: z.array(
    z.object({
      /** The document whose lines were re-costed, and the revision the lines belong to. */
      sourceService: z.string(),
      documentType: z.string(),
      documentId: z.string(),
      code: z.string(),
      revision: z.number().int(),
      storeId: z.string(),
      /** The date of the corrected lines: the cost-of-goods-sold adjustment belongs to that day. */
      date: z.string(),
      /** Signed change of the lines' value at cost (an issue's is negative when it now costs more). */
      value: z.string(),
    }),
  ),
});
export type StockCostCorrectedPayload = z.infer<typeof stockCostCorrectedPayload>;

/**
 * A sales document's money at one revision (issue 14, deliverable 5): an issued invoice or return as accounts
 * books it (revenue, VAT, discounts, and cash, bank or receivable), whole, so a redelivered or late event leaves
 * the journal right (a revision not above the one booked is stale). Cancelled or deleted: `deleted`, nothing
 * stands. Amounts are positive decimal strings of the invoice arithmetic (two decimals, invoice-totals.ts); the
 * cost of goods sold comes from inventory's `inventory.stock.moved` for the same document.
 */
const salesDocumentPayload = z.object({
  /** `salesInvoices` or `salesReturns` (a credit note: the same amounts, booked the other way). */
  documentType: z.string(),
  documentId: z.string(),
  code: z.string(),
  revision: z.number().int().min(1),
  date: z.string(),
  deleted: z.boolean(),
  customerId: z.string().nullable(),
  /** Σ quantity × price of the lines (each rounded). */
  gross: z.string(),
  /** The lines' discounts and the document's: gross − discount = the total without VAT. */
  discount: z.string(),
  vat: z.string(),
  /** The total with VAT. */
  total: z.string(),
  /** Per VAT category and rate: the taxable amount and its VAT (the VAT return's boxes). */
  vatCategories: z.array(
    z.object({ category: z.string(), rate: z.string(), taxable: z.string(), vat: z.string() }),
  ),
  /** What was paid, by method and its kind (cash net of the change handed back); the rest is on credit. */
  payments: z.array(z.object({ methodId: z.string(), kind: z.string(), amount: z.string() })),
});
export type SalesDocumentPayload = z.infer<typeof salesDocumentPayload>;

/**
 * A shift closed (issue 15, deliverable 5): what the drawer should have held and what was counted. `deficit` is
 * expected − actual: positive a shortage, negative a surplus, zero nothing to book.
 */
const safeTransactionClosedPayload = z.object({
  safeTransactionId: z.string(),
  code: z.string(),
  safeId: z.string(),
  userId: z.string(),
  /** The close's day (the branch's), the entry's date. */
  date: z.string(),
  expectedCash: z.string(),
  actualBalance: z.string(),
  deficit: z.string(),
});
export type SafeTransactionClosedPayload = z.infer<typeof safeTransactionClosedPayload>;

const stockDocumentEvent = (service: string) =>
  defineEvent(
    `${service}.stockDocument.changed` as const,
    1,
    `A ${service} document that moves stock was saved, changed or deleted (its whole effect at one revision).`,
    stockDocumentPayload,
  );

/**
 * A tenant's closed periods as accounts keeps them (issue 13, deliverable 5), the whole state in every event:
 * closed fiscal years with their dates and each branch's lock date. `version` grows with every change, so a
 * replica keeps the highest it has seen and a redelivered or older event changes nothing.
 */
const periodsChanged = z.object({
  version: z.number().int().min(1),
  closedYears: z.array(z.object({ year: z.number().int(), startDate: z.string(), endDate: z.string() })),
  lockDates: z.array(z.object({ branchId: z.string(), lockDate: z.string() })),
});
export type PeriodsChangedPayload = z.infer<typeof periodsChanged>;

// ---- the catalogue -------------------------------------------------------------------------------

export const events = {
  tenantChanged: defineEvent(
    'identity.tenant.changed',
    1,
    'A tenant was provisioned or its subscription changed.',
    tenantChanged,
  ),
  userCreated: defineEvent('identity.user.created', 1, 'A user was created.', userPayload),
  userChanged: defineEvent('identity.user.changed', 1, 'A user was changed.', userPayload),
  userDeleted: defineEvent('identity.user.deleted', 1, 'A user was deleted.', z.object({ id: z.string() })),
  userSessionsRevoked: defineEvent(
    'identity.user.sessionsRevoked',
    1,
    "A user's access tokens older than tokenVersion stop working (logout, refresh-token reuse, password reset).",
    z.object({ id: z.string(), tokenVersion: z.number().int().min(0) }),
  ),
  branchCreated: defineEvent('identity.branch.created', 1, 'A branch was created.', branchPayload),
  branchChanged: defineEvent('identity.branch.changed', 1, 'A branch was changed.', branchPayload),
  companyChanged: defineEvent(
    'identity.company.changed',
    1,
    "The tenant's company data changed.",
    companyPayload,
  ),
  accountsMasterDataChanged: defineEvent(
    'accounts.masterData.changed',
    1,
    'A main-data record of accounts changed (or was deleted).',
    masterDataChanged,
  ),
  salesMasterDataChanged: defineEvent(
    'sales.masterData.changed',
    1,
    'A main-data record of sales changed (or was deleted).',
    masterDataChanged,
  ),
  purchasesMasterDataChanged: defineEvent(
    'purchases.masterData.changed',
    1,
    'A main-data record of purchases changed (or was deleted).',
    masterDataChanged,
  ),
  inventoryMasterDataChanged: defineEvent(
    'inventory.masterData.changed',
    1,
    'A main-data record of inventory changed (or was deleted).',
    masterDataChanged,
  ),
  restaurantMasterDataChanged: defineEvent(
    'restaurant.masterData.changed',
    1,
    'A main-data record of restaurant changed (or was deleted).',
    masterDataChanged,
  ),
  concreteMasterDataChanged: defineEvent(
    'concrete.masterData.changed',
    1,
    'A main-data record of concrete changed (or was deleted).',
    masterDataChanged,
  ),
  itemCreated: defineEvent('inventory.item.created', 1, 'An item was created.', itemPayload),
  itemChanged: defineEvent('inventory.item.changed', 1, 'An item was changed or deleted.', itemPayload),
  periodsChanged: defineEvent(
    'accounts.periods.changed',
    1,
    "A fiscal year was closed or reopened, or a branch's lock date set or cleared: the tenant's closed periods now.",
    periodsChanged,
  ),
  stockMoved: defineEvent(
    'inventory.stock.moved',
    1,
    'Stock movements at cost were booked for a document revision (or reversed).',
    stockMovedPayload,
  ),
  stockCostCorrected: defineEvent(
    'inventory.stock.costCorrected',
    1,
    'Lines booked earlier were re-costed after a back-dated change; each correction is a new movement of value only.',
    stockCostCorrectedPayload,
  ),
  salesStockDocumentChanged: stockDocumentEvent('sales'),
  salesDocumentChanged: defineEvent(
    'sales.document.changed',
    1,
    'A sales invoice or return was issued, cancelled or deleted: its money at one revision, for the ledger.',
    salesDocumentPayload,
  ),
  safeTransactionClosed: defineEvent(
    'sales.safeTransaction.closed',
    1,
    "A cashier's shift was closed with its counted cash: the deficit (or surplus) for the ledger.",
    safeTransactionClosedPayload,
  ),
  purchasesStockDocumentChanged: stockDocumentEvent('purchases'),
  restaurantStockDocumentChanged: stockDocumentEvent('restaurant'),
  concreteStockDocumentChanged: stockDocumentEvent('concrete'),
  auditRecorded: defineEvent(
    'audit.record.created',
    1,
    'A record was created, modified or deleted (any service).',
    auditRecord,
  ),
} as const;

export type EventKey = keyof typeof events;
export type EventType = (typeof events)[EventKey]['type'];
export type PayloadOf<K extends EventKey> = z.infer<(typeof events)[K]['payload']>;
/** What a producer passes: fields with a default (added in a later version of a payload) may be left out. */
export type PayloadInput<K extends EventKey> = z.input<(typeof events)[K]['payload']>;

export const eventDefinitions: readonly EventDefinition[] = Object.values(events);

export function findEvent(type: string, version: number): EventDefinition | undefined {
  return eventDefinitions.find((e) => e.type === type && e.version === version);
}

export const topics: readonly string[] = [...new Set(eventDefinitions.map((e) => topicOf(e.type)))].sort();

/** The main-data change event of each service that owns main data. */
export const masterDataChangedEvent = {
  accounts: 'accountsMasterDataChanged',
  sales: 'salesMasterDataChanged',
  purchases: 'purchasesMasterDataChanged',
  inventory: 'inventoryMasterDataChanged',
  restaurant: 'restaurantMasterDataChanged',
  concrete: 'concreteMasterDataChanged',
} as const satisfies Record<string, EventKey>;
