import { vouchers } from '@erp/contracts';
import type { ServiceDeps } from '@erp/service-kit';
import { documentPostable } from './document-postable';
import { eventPostable } from './event-postable';
import { postingRegistry } from './postable-types';
import { postingRules } from './registry';

export { postingMigration } from './posting-migration';
export { postingCodesMigration } from './posting-codes-migration';
export { postingMoneyMigration } from './posting-money-migration';
export { postingHandlers } from './consumers';
export { postingRouteHandlers } from './posting.routes';
export {
  postPendingDocuments,
  unpostDocuments,
  retryNotPosted,
  type PostingFilter,
  type PostingOutcome,
} from './pending';
export { postingRules, postingSourceType, ruleFor } from './registry';
export type { PostingRule, RuleLine, PostingAmounts, DocumentMoney, MoneyLine } from './rules';
export {
  findPostingDocument,
  liveEntries,
  type PostingDocument,
  type PostingStatus,
} from './document-booking';
export { bulkPostingJob, BULK_POSTING_JOB } from './bulk-posting-job';
export type { BulkPostingInput, BulkPostingState } from './bulk-posting-job';
export { bulkPostingMigration } from './bulk-posting-migration';
export { refuseDuringBulkRun } from './bulk-run-guard';
export { bulkPostingRouteHandlers } from './bulk-posting.routes';
export { documentPostable } from './document-postable';
export { postingRegistry, PostingRegistry } from './postable-types';
export type { CodeRange, PostableType, RangeDocument } from './postable-types';

/**
 * Registers the postable types: the accounts service's journal vouchers, and every document type booked from
 * events by a posting rule (inventory's stock documents), which wait unposted where automatic posting is off.
 */
export function registerPostableTypes(deps: ServiceDeps): void {
  const registry = postingRegistry(deps);
  if (!registry.get(vouchers.name))
    registry.register(documentPostable(deps, vouchers, 'posting.types.vouchers'));
  for (const rule of postingRules)
    if (!registry.get(rule.documentType)) registry.register(eventPostable(rule));
}
