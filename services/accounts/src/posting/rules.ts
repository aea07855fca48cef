import type { AccountLinkName, Dec } from '@erp/contracts';

/** What a document's event gives a rule to post: values at cost, exact, positive (in and out) or signed. */
export interface PostingAmounts {
  /** The value of what entered stores (the document's movements with a positive quantity). */
  in: Dec;
  /** The value of what left stores, as a positive amount. */
  out: Dec;
  /** The signed sum of the cost corrections of back-dated re-costing for the document's revision. */
  correction: Dec;
}

/**
 * One pair of lines: `amount` debits the account of the branch's `debit` link and credits the one of its
 * `credit` link. A negative amount swaps the sides; a zero one books nothing.
 */
export interface RuleLine {
  debit: AccountLinkName;
  credit: AccountLinkName;
  amount: keyof PostingAmounts;
}

/**
 * How one document type posts: the service that owns it, its name in that service's events, and its lines.
 * Declaring a new type is one of these in a declarations file, listed in `postingRules` (registry.ts).
 */
export interface PostingRule {
  sourceService: string;
  documentType: string;
  lines: readonly RuleLine[];
}

/**
 * Back-dated re-costing changes the value at cost of lines already booked: the change is an inventory
 * adjustment against cost of goods sold (a positive correction raised the stock's value).
 */
export const costCorrectionLine: RuleLine = {
  debit: 'inventory',
  credit: 'costOfGoodsSold',
  amount: 'correction',
};
