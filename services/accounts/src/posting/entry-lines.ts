import {
  accounts,
  branchAccountLinks,
  dec,
  tableOf,
  type AccountLinkName,
  type BranchAccountLinks,
  type Dec,
} from '@erp/contracts';
import { parseJson, replicaTables, type TenantScope } from '@erp/service-kit';
import type { JournalLineInput } from '../journal';
import { postableAccountIssue } from '../chart';
import type { MoneyLine, PostingAmounts, PostingRule, RuleLine } from './rules';

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

/** The branch's account links as the identity replica last heard them (all null for a branch not heard of). */
export async function branchLinks(
  s: TenantScope,
  branchId: string,
): Promise<{ known: boolean; automaticPosting: boolean; links: BranchAccountLinks }> {
  const row = branchId
    ? await s(replicaTables.branches).where({ id: branchId }).first('settings')
    : undefined;
  const settings = parseJson<{ switches?: { automaticPosting?: boolean }; accountLinks?: unknown }>(
    row?.settings,
    {},
  );
  const parsed = branchAccountLinks.safeParse(settings.accountLinks ?? {});
  return {
    known: Boolean(row),
    automaticPosting: settings.switches?.automaticPosting === true,
    links: parsed.success ? parsed.data : branchAccountLinks.parse({}),
  };
}

/** The rule's lines that have an amount, with the side each amount falls on. */
function activeLines(rule: PostingRule, amounts: PostingAmounts) {
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
function nettedMoney(lines: readonly MoneyLine[]) {
  const out = new Map<
    string,
    { link: AccountLinkName; side: 'debit' | 'credit'; amount: Dec; taxTag: string | null }
  >();
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

/**
 * The journal lines of a document from its rule, its amounts and the branch's links, or why they cannot be
 * made: a link not set, an account that no longer exists or has sub-accounts. An empty list books nothing.
 */
export async function entryLines(
  s: TenantScope,
  rule: PostingRule,
  amounts: PostingAmounts,
  links: BranchAccountLinks,
): Promise<JournalLineInput[] | NotPostable> {
  const lines = activeLines(rule, amounts);
  const checked = new Map<AccountLinkName, NotPostable | null>();
  const accountOf = async (link: AccountLinkName): Promise<NotPostable | null> => {
    if (checked.has(link)) return checked.get(link)!;
    const id = links[link];
    let problem: NotPostable | null = null;
    if (!id) problem = { reason: 'posting.linkMissing', link };
    else if (!(await s.byIds(tableOf(accounts), [id]).first('id')))
      problem = { reason: 'posting.accountMissing', link };
    else if (await postableAccountIssue(s, id, link)) problem = { reason: 'posting.accountIsParent', link };
    checked.set(link, problem);
    return problem;
  };
  const out: JournalLineInput[] = [];
  for (const l of lines) {
    const problem = (await accountOf(l.debit)) ?? (await accountOf(l.credit));
    if (problem) return problem;
    out.push({ accountId: links[l.debit]!, debit: l.amount, credit: '0' });
    out.push({ accountId: links[l.credit]!, debit: '0', credit: l.amount });
  }
  // the money part after the cost's pairs (a document of stock alone books exactly its pairs)
  for (const l of nettedMoney(amounts.money)) {
    const problem = await accountOf(l.link);
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

export const zeroAmounts = (): PostingAmounts => ({
  in: dec(0),
  out: dec(0),
  correction: dec(0),
  money: [],
});
