import { vouchers } from '@erp/contracts';
import {
  documentEngineRoutes,
  usedByDocuments,
  type BoundRoute,
  type DocumentHooks,
  type ServiceDeps,
  type TenantScope,
  requirePrincipal,
  tenantScope,
} from '@erp/service-kit';
import { refuseDuringBulkRun } from '../posting/bulk-run-guard';
import { refuseClosedByClosingVoucher } from './closing-voucher';
import { postVoucher } from './voucher-posting';
import { voucherIssues } from './voucher-rules';

export { vouchersMigration } from './vouchers-migration';
export { liveEntryOf, postVoucher, VOUCHER_SOURCE } from './voucher-posting';
export { journalLinesOf, voucherIssues } from './voucher-rules';

export const voucherHooks: DocumentHooks = {
  validate: (s, _doc, input, settings, before) => voucherIssues(s, input, settings, before),
  async post(trx, ctx, input) {
    // a post, unpost, change or delete of a voucher a bulk run is working through waits for the run
    if (input.action || input.deleted || input.record.revision > 1)
      await refuseDuringBulkRun(trx, ctx, vouchers.name, String(input.record.branchId), input.record.code);
    // a year with a closing voucher takes no post, unpost or delete of another voucher (a save checked it)
    if (input.action || input.deleted)
      await refuseClosedByClosingVoucher(
        tenantScope(trx, requirePrincipal(ctx).tenantId),
        [input.record.date],
        input.record.id,
      );
    return postVoucher(trx, ctx, input);
  },
  // the journal guards the closed periods itself (a save's refusal is a 400 on the date, a post's a 409)
  ownsClosedPeriods: true,
};

/** The vouchers on the document engine: list, one, create, change, delete, post and unpost. */
export function voucherRoutes(deps: ServiceDeps): BoundRoute[] {
  return documentEngineRoutes(deps, [vouchers], voucherHooks);
}

/**
 * "In use" for the chart (spec section 5): an account or cost center named by a posted journal line, or by a
 * voucher not yet posted (it could not be posted once its account had sub-accounts), cannot be deleted and
 * cannot become a parent.
 */
export async function accountInUse(s: TenantScope, id: string): Promise<boolean> {
  if (await s('journal_lines').where({ account_id: id }).first('entry_id')) return true;
  return usedByDocuments(s, [vouchers], 'accounts', id);
}

export async function costCenterInUse(s: TenantScope, id: string): Promise<boolean> {
  if (await s('journal_lines').where({ cost_center_id: id }).first('entry_id')) return true;
  return usedByDocuments(s, [vouchers], 'costCenters', id);
}
