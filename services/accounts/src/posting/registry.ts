import { inventoryPostingRules } from './inventory-rules';
import type { PostingRule } from './rules';
import { safePostingRules } from './safe-rules';
import { salesPostingRules } from './sales-rules';

/** Every declared posting rule; sales and purchases add their declarations files here. */
export const postingRules: readonly PostingRule[] = [
  ...inventoryPostingRules,
  ...salesPostingRules,
  ...safePostingRules,
];

const byKey = new Map(postingRules.map((r) => [`${r.sourceService}.${r.documentType}`, r]));

/** The journal's source type of a document's entries: `<service>.<documentType>`. */
export const postingSourceType = (sourceService: string, documentType: string) =>
  `${sourceService}.${documentType}`;

export function ruleFor(sourceService: string, documentType: string): PostingRule | undefined {
  return byKey.get(postingSourceType(sourceService, documentType));
}
