import { events, topicOf, type Envelope, type EventKey, type PayloadOf } from '@erp/contracts';
import type { BusMessage } from '@erp/service-kit/src/messaging/bus';

/**
 * A valid payload of every event type of the contracts, and envelopes around them, for the tests of the Kafka
 * adapter and of the AsyncAPI document as a broker enforces it.
 */

export const samples: { [K in EventKey]: PayloadOf<K> } = {
  tenantChanged: {
    tenantId: 't-samples',
    name: 'Acme',
    subscriptionStart: '2026-01-01',
    subscriptionEnd: '2026-12-31',
    active: true,
  },
  userCreated: user('u-1'),
  userChanged: user('u-1'),
  userSessionsRevoked: { id: 'u-1', tokenVersion: 2 },
  accountsMasterDataChanged: mainData('banks'),
  salesMasterDataChanged: mainData('areas'),
  purchasesMasterDataChanged: mainData('suppliers'),
  inventoryMasterDataChanged: mainData('units'),
  restaurantMasterDataChanged: mainData('tables'),
  concreteMasterDataChanged: { ...mainData('cars'), deleted: true },
  userDeleted: { id: 'u-1' },
  branchCreated: branch('b-1'),
  branchChanged: branch('b-1'),
  companyChanged: {
    arabicName: 'أكمي',
    englishName: 'Acme',
    taxNumber: '300000000000003',
    taxPercentage: '15',
    country: 'SA',
    currency: 'SAR',
    posConfiguration: { scalePrefix: '23', scaleMode: 'weight' },
  },
  itemCreated: item('i-1'),
  itemChanged: { ...item('i-1'), isActive: false },
  periodsChanged: {
    version: 3,
    closedYears: [{ year: 2025, startDate: '2025-01-01', endDate: '2025-12-31' }],
    lockDates: [{ branchId: 'b-1', lockDate: '2026-02-28' }],
  },
  stockMoved: {
    sourceService: 'inventory',
    documentType: 'storageTransfers',
    documentId: 'd-1',
    code: '1',
    revision: 1,
    date: '2026-03-01',
    movements: [
      { itemId: 'i-1', storeId: 's-1', quantity: '-2', value: '-10.5', reversal: false },
      { itemId: 'i-1', storeId: 's-2', quantity: '2', value: '10.5', reversal: false },
    ],
  },
  stockCostCorrected: {
    sourceService: 'inventory',
    documentType: 'additionOrders',
    documentId: 'd-3',
    revision: 1,
    part: 1,
    corrections: [
      {
        sourceService: 'sales',
        documentType: 'invoices',
        documentId: 'd-2',
        code: '7',
        revision: 1,
        storeId: 's-1',
        date: '2026-03-02',
        value: '-1.25',
      },
    ],
  },
  salesStockDocumentChanged: stockDocument('out'),
  salesDocumentChanged: {
    documentType: 'salesInvoices',
    documentId: 'd-1',
    code: '26-1',
    revision: 1,
    date: '2026-03-01',
    deleted: false,
    customerId: 'c-1',
    gross: '200',
    discount: '20',
    vat: '27',
    total: '207',
    vatCategories: [{ category: 'S', rate: '15', taxable: '180', vat: '27' }],
    payments: [{ methodId: 'pm-1', kind: 'cash', amount: '100' }],
  },
  safeTransactionClosed: {
    safeTransactionId: 'st-1',
    code: '1',
    safeId: 'safe-1',
    userId: 'u-1',
    date: '2026-03-01',
    expectedCash: '150',
    actualBalance: '140',
    deficit: '10',
  },
  purchasesStockDocumentChanged: stockDocument('in'),
  restaurantStockDocumentChanged: stockDocument('out'),
  concreteStockDocumentChanged: { ...stockDocument('out'), deleted: true, lines: [] },
  auditRecorded: {
    service: 'identity',
    entity: 'user',
    entityId: 'u-1',
    action: 'modified',
    changes: [{ property: 'fullName', before: 'A', after: 'B' }],
    userId: null,
    userName: null,
  },
};

function item(id: string): PayloadOf<'itemCreated'> {
  return {
    id,
    code: '1',
    arabicName: 'صنف',
    englishName: 'Item',
    barcode: '6281000000017',
    categoryId: 'c-1',
    mainUnitId: 'u-1',
    salesPrice: '12.5',
    minSalesPrice: null,
    maxSalesPrice: null,
    costPrice: '9',
    taxId: null,
    isStoredItem: true,
    isTaxable: true,
    isActive: true,
    isBalanceItem: false,
    scaleCode: '',
    units: [{ unitId: 'u-2', conversionRate: '12', barcode: '6281000000024', salesPrice: '140' }],
    deleted: false,
  };
}

function stockDocument(direction: 'in' | 'out'): PayloadOf<'salesStockDocumentChanged'> {
  return {
    documentType: direction === 'in' ? 'purchaseInvoices' : 'salesInvoices',
    documentId: 'd-1',
    code: '26-1',
    revision: 1,
    date: '2026-03-01',
    deleted: false,
    lines: [{ itemId: 'i-1', unitId: 'u-1', storeId: 's-1', quantity: '3', direction, unitCost: null }],
  };
}

function mainData(entity: string): PayloadOf<'accountsMasterDataChanged'> {
  return {
    entity,
    id: 'md-1',
    code: '1',
    arabicName: 'سجل',
    englishName: 'Record',
    deleted: false,
    record: { id: 'md-1', code: '1', isActive: true },
  };
}

export function user(id: string): PayloadOf<'userCreated'> {
  return {
    id,
    userName: id,
    fullName: `User ${id}`,
    isAdmin: false,
    active: true,
    tokenVersion: 0,
    branches: ['b-1'],
    maxAllowedDiscount: '10.00',
    canExceedOriginalQuantity: false,
    canRaisePriceAboveSalesPrice: false,
    canSaveInvoiceWithRemainder: false,
  };
}

function branch(id: string): PayloadOf<'branchCreated'> {
  return {
    id,
    code: '01',
    arabicName: 'الرئيسي',
    englishName: 'Main',
    isMaster: true,
    decimalDigits: 2,
    timezone: 'Asia/Riyadh',
    defaultCustomerId: null,
    defaultStoreId: null,
  };
}

let seq = 0;
export function envelope<K extends EventKey>(
  key: K,
  payload: PayloadOf<K>,
  tenantId: string,
  aggregateId = 'agg-1',
): Envelope<PayloadOf<K>> {
  seq += 1;
  return {
    id: `${tenantId}-${String(seq).padStart(4, '0')}`,
    type: events[key].type,
    version: events[key].version,
    tenantId,
    branchId: null,
    occurredAt: new Date().toISOString(),
    aggregateId,
    correlationId: `corr-${seq}`,
    causationId: null,
    payload,
  };
}

export const message = (e: Envelope): BusMessage => ({
  topic: topicOf(e.type),
  key: `${e.tenantId}:${e.aggregateId}`,
  envelope: e,
});
