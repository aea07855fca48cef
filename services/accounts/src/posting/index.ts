export { postingMigration } from './posting-migration';
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
export type { PostingRule, RuleLine, PostingAmounts } from './rules';
export {
  findPostingDocument,
  liveEntries,
  type PostingDocument,
  type PostingStatus,
} from './document-booking';
