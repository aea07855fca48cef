import type { AccountLinkName, Dec } from '@erp/contracts';

/** What a document's event gives a rule to post: values at cost, exact, positive (in and out) or signed. */
export interface PostingAmounts {
  /** The value of what entered stores (the document's movements with a positive quantity). */
  in: Dec;
  /** The value of what left stores, as a positive amount. */
  out: Dec;
  /** The signed sum of the cost corrections of back-dated re-costing for the document's revision. */
  correction: Dec;
  /** The lines of the document's money part (an invoice's revenue, VAT and payments) in this branch, or none. */
  money: readonly MoneyLine[];
}

/**
 * A document's money at its last revision as its service's event gave it (a sales invoice or return): amounts
 * are exact decimal strings of the invoice arithmetic, positive. What was paid is by payment method kind; the
 * rest of the total is on credit.
 */
export interface DocumentMoney {
  gross: string;
  discount: string;
  vat: string;
  total: string;
  vatCategories: readonly { category: string; rate: string; taxable: string; vat: string }[];
  payments: readonly { methodId: string; kind: string; amount: string }[];
}

/**
 * One line of a money part: `amount` on the `side` of the branch's `link` account (a negative amount falls on the
 * other side), with the VAT return's tax tag when it belongs to a box (`taxTagText`).
 */
export interface MoneyLine {
  link: AccountLinkName;
  side: 'debit' | 'credit';
  amount: Dec;
  taxTag: string | null;
}

/**
 * One pair of lines: `amount` debits the account of the branch's `debit` link and credits the one of its
 * `credit` link. A negative amount swaps the sides; a zero one books nothing.
 */
export interface RuleLine {
  debit: AccountLinkName;
  credit: AccountLinkName;
  amount: 'in' | 'out' | 'correction';
}

/**
 * How one document type posts: the service that owns it, its name in that service's events, and its lines.
 * Declaring a new type is one of these in a declarations file, listed in `postingRules` (registry.ts).
 */
export interface PostingRule {
  sourceService: string;
  documentType: string;
  lines: readonly RuleLine[];
  /**
   * A document with a money part (issue 14: sales invoices and returns) books it from its own event, in the
   * document's branch, beside its cost from the stock event: its lines from the money as last received.
   */
  money?: (money: DocumentMoney) => readonly MoneyLine[];
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
