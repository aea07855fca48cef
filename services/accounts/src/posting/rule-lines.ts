import type { AccountLinkName, BranchAccountLinks, Dec } from '@erp/contracts';
import type { JournalLineInput } from '../journal/entry-rules';
import type { MoneyLine, PostingAmounts, PostingRule, RuleLine } from './rules';

/**
 * The pure part of posting a document (entry-lines.ts reads the accounts, this makes the lines): which links a
 * rule's amounts name, and the journal lines they make with the branch's links, or the first reason they cannot.
 */

/** Why a document could not be posted: a reason key of the server texts and the link it concerns. */
export interface NotPostable {
  reason:
    | 'posting.linkMissing'
    | 'posting.accountMissing'
    | 'posting.accountIsParent'
    | 'posting.branchUnknown'
    | 'posting.periodClosed';
  link: AccountLinkName | null;
}

/** A cost pair with an amount: `amount` (positive, exact) debits `debit` and credits `credit`. */
export interface ActivePair {
  debit: AccountLinkName;
  credit: AccountLinkName;
  amount: string;
}

/** A money line netted: `amount` (positive) on `side` of `link`, with its tax tag. */
export interface NettedMoneyLine {
  link: AccountLinkName;
  side: 'debit' | 'credit';
  amount: Dec;
  taxTag: string | null;
}

/** What a rule makes of its amounts, before any account is looked at. */
export interface PlannedLines {
  pairs: ActivePair[];
  money: NettedMoneyLine[];
}

/** The rule's lines that have an amount, with the side each amount falls on. */
export function activeLines(rule: PostingRule, amounts: PostingAmounts): ActivePair[] {
  return rule.lines.flatMap((line: RuleLine) => {
    const amount = amounts[line.amount];
    if (amount.isZero()) return [];
    const [debit, credit] = amount.isNegative() ? [line.credit, line.debit] : [line.debit, line.credit];
    return [{ debit, credit, amount: amount.abs().toFixed() }];
  });
}

/**
 * The money part's lines netted: one per link, side and tax tag (two payments in cash are one cash line), with a
 * negative amount on the other side; in the order first met, zero ones left out.
 */
export function nettedMoney(lines: readonly MoneyLine[]): NettedMoneyLine[] {
  const out = new Map<string, NettedMoneyLine>();
  for (const l of lines) {
    if (l.amount.isZero()) continue;
    const side = l.amount.isNegative() ? (l.side === 'debit' ? 'credit' : 'debit') : l.side;
    const key = `${l.link}\u0000${side}\u0000${l.taxTag ?? ''}`;
    const found = out.get(key);
    if (found) found.amount = found.amount.plus(l.amount.abs());
    else out.set(key, { link: l.link, side, amount: l.amount.abs(), taxTag: l.taxTag });
  }
  return [...out.values()];
}

/** The cost pairs and the netted money lines of a rule's amounts. */
export const plannedLines = (rule: PostingRule, amounts: PostingAmounts): PlannedLines => ({
  pairs: activeLines(rule, amounts),
  money: nettedMoney(amounts.money),
});

/** The ids of the accounts the planned lines' links name (links not set left out; one read for all of them). */
export function linkedAccountIds(plan: PlannedLines, links: BranchAccountLinks): string[] {
  const named = [...plan.pairs.flatMap((l) => [l.debit, l.credit]), ...plan.money.map((l) => l.link)];
  return named.map((link) => links[link]).filter((id): id is string => Boolean(id));
}

/**
 * The journal lines of the planned lines with the branch's links, given the linked accounts that exist (by id,
 * each with whether it has sub-accounts), or the first problem in the lines' order: a link not set, an account
 * that no longer exists or has sub-accounts. The cost pairs first (debit, then credit), then the money lines.
 */
export function journalLines(
  plan: PlannedLines,
  links: BranchAccountLinks,
  found: ReadonlyMap<string, { parent: boolean }>,
): JournalLineInput[] | NotPostable {
  // the first problem in the lines' order, as when each link was read on its own
  const accountOf = (link: AccountLinkName): NotPostable | null => {
    const id = links[link];
    if (!id) return { reason: 'posting.linkMissing', link };
    const account = found.get(id);
    if (!account) return { reason: 'posting.accountMissing', link };
    return account.parent ? { reason: 'posting.accountIsParent', link } : null;
  };
  const out: JournalLineInput[] = [];
  for (const l of plan.pairs) {
    const problem = accountOf(l.debit) ?? accountOf(l.credit);
    if (problem) return problem;
    out.push({ accountId: links[l.debit]!, debit: l.amount, credit: '0' });
    out.push({ accountId: links[l.credit]!, debit: '0', credit: l.amount });
  }
  // the money part after the cost's pairs (a document of stock alone books exactly its pairs)
  for (const l of plan.money) {
    const problem = accountOf(l.link);
    if (problem) return problem;
    const amount = l.amount.toFixed();
    out.push({
      accountId: links[l.link]!,
      debit: l.side === 'debit' ? amount : '0',
      credit: l.side === 'credit' ? amount : '0',
      ...(l.taxTag ? { taxTag: l.taxTag } : {}),
    });
  }
  return out;
}
