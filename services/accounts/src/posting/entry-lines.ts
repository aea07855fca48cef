import {
  accounts,
  branchAccountLinks,
  columnOf,
  dec,
  tableOf,
  type AccountLinkName,
  type BranchAccountLinks,
  type Dec,
} from '@erp/contracts';
import { bool, parseJson, replicaTables, type TenantScope } from '@erp/service-kit';
import type { JournalLineInput } from '../journal';
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

export type BranchSettings = Awaited<ReturnType<typeof branchLinks>>;
export type BranchLinksReader = (branchId: string) => Promise<BranchSettings>;

/**
 * `branchLinks` read once per branch for one booking (an event's switch, then its parts' links): nothing writes
 * the replica in between, and each read parses the settings and their links' schema again.
 */
export function branchLinksOnce(s: TenantScope): BranchLinksReader {
  const read = new Map<string, Promise<BranchSettings>>();
  return (branchId) => {
    let settings = read.get(branchId);
    if (!settings) read.set(branchId, (settings = branchLinks(s, branchId)));
    return settings;
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
 * The linked accounts that exist, each with whether it has sub-accounts (a parent takes no entries, as
 * `postableAccountIssue` says): one read for all of a booking's links instead of two per link.
 */
async function linkedAccounts(s: TenantScope, ids: readonly string[]) {
  const table = tableOf(accounts);
  const parentColumn = columnOf(accounts.tree!.parent);
  const rows = (await s
    .byIds(table, [...new Set(ids)])
    .select(
      `${table}.id`,
      s.db.raw('exists (select 1 from ?? as sub where sub.tenant_id = ? and ?? = ??) as parent', [
        table,
        s.tenantId,
        `sub.${parentColumn}`,
        `${table}.id`,
      ]),
    )) as { id: string; parent: unknown }[];
  return new Map(rows.map((r) => [String(r.id), { parent: bool(r.parent) }]));
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
  const money = nettedMoney(amounts.money);
  const named = [...lines.flatMap((l) => [l.debit, l.credit]), ...money.map((l) => l.link)];
  const found = await linkedAccounts(
    s,
    named.map((link) => links[link]).filter((id): id is string => Boolean(id)),
  );
  // the first problem in the lines' order, as when each link was read on its own
  const accountOf = (link: AccountLinkName): NotPostable | null => {
    const id = links[link];
    if (!id) return { reason: 'posting.linkMissing', link };
    const account = found.get(id);
    if (!account) return { reason: 'posting.accountMissing', link };
    return account.parent ? { reason: 'posting.accountIsParent', link } : null;
  };
  const out: JournalLineInput[] = [];
  for (const l of lines) {
    const problem = accountOf(l.debit) ?? accountOf(l.credit);
    if (problem) return problem;
    out.push({ accountId: links[l.debit]!, debit: l.amount, credit: '0' });
    out.push({ accountId: links[l.credit]!, debit: '0', credit: l.amount });
  }
  // the money part after the cost's pairs (a document of stock alone books exactly its pairs)
  for (const l of money) {
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

export const zeroAmounts = (): PostingAmounts => ({
  in: dec(0),
  out: dec(0),
  correction: dec(0),
  money: [],
});
