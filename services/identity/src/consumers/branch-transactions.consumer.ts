import { events } from '@erp/contracts';
import { nowIso, type EventHandler } from '@erp/service-kit';

/**
 * A branch has transactions once stock moved in it (every stock document of every service is booked by
 * inventory, which says so with 'inventory.stock.moved'); from then on its policies are locked (spec section 4).
 */
export const branchTransactionsConsumer: Record<string, EventHandler> = {
  [events.stockMoved.type]: async (trx, envelope) => {
    if (!envelope.branchId) return;
    await trx('branch_transactions')
      .insert({
        tenant_id: envelope.tenantId,
        branch_id: envelope.branchId,
        first_event_type: envelope.type,
        first_at: nowIso(),
      })
      .onConflict(['tenant_id', 'branch_id'])
      .ignore();
  },
};
