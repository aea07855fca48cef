import { events, type StockDocumentPayload } from '@erp/contracts';
import { tenantScope, type EventHandler } from '@erp/service-kit';
import { postDocument } from './ledger/ledger';
import { releaseHold } from './stock-holds';

/**
 * Documents of other services that move stock (sales and returns, purchases, restaurant and concrete
 * invoices) arrive as whole revisions; the ledger books each once, in revision order (issue 4, item 3).
 * The owner checked its policies when it saved the document, so the ledger books what it is told.
 */
function stockDocumentHandler(sourceService: string): EventHandler {
  return async (trx, envelope, payload) => {
    const p = payload as StockDocumentPayload;
    await postDocument(
      trx,
      tenantScope(trx, envelope.tenantId),
      {
        tenantId: envelope.tenantId,
        branchId: envelope.branchId,
        correlationId: envelope.correlationId,
        causationId: envelope.id,
      },
      {
        sourceService,
        documentType: p.documentType,
        documentId: p.documentId,
        code: p.code,
        date: p.date,
        revision: p.revision,
        deleted: p.deleted,
        lines: p.lines.map((l, i) => ({
          key: `l${i + 1}`,
          lineNo: i + 1,
          itemId: l.itemId,
          unitId: l.unitId,
          storeId: l.storeId,
          quantity: l.quantity,
          direction: l.direction,
          unitCost: l.unitCost,
        })),
      },
      { refuseNegative: false },
    );
    // what the owner held for it at save time is booked now (or the document is gone)
    await releaseHold(tenantScope(trx, envelope.tenantId), sourceService, p.documentType, p.documentId);
  };
}

export const stockDocumentHandlers: Readonly<Record<string, EventHandler>> = {
  [events.salesStockDocumentChanged.type]: stockDocumentHandler('sales'),
  [events.purchasesStockDocumentChanged.type]: stockDocumentHandler('purchases'),
  [events.restaurantStockDocumentChanged.type]: stockDocumentHandler('restaurant'),
  [events.concreteStockDocumentChanged.type]: stockDocumentHandler('concrete'),
};
