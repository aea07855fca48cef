import {
  accounts,
  branchAccountLinks,
  columnOf,
  dec,
  tableOf,
  type BranchAccountLinks,
} from '@erp/contracts';
import { bool, isSqlite, parseJson, replicaTables, selectArrays, type TenantScope } from '@erp/service-kit';
import type { JournalLineInput } from '../journal';
import type { PostingAmounts, PostingRule } from './rules';
import { journalLines, linkedAccountIds, plannedLines, type NotPostable } from './rule-lines';

export type { NotPostable } from './rule-lines';

/** The branch's account links as the identity replica last heard them (all null for a branch not heard of). */
export async function branchLinks(
  s: TenantScope,
  branchId: string,
): Promise<{ known: boolean; automaticPosting: boolean; links: BranchAccountLinks }> {
  // below knex (a cached prepared statement on SQLite), as the posting path's other reads (document-booking.ts)
  const [row] = branchId
    ? await selectArrays(
        s.db,
        `/* posting */ select settings from ${replicaTables.branches} where tenant_id = ? and id = ?`,
        [s.tenantId, branchId],
      )
    : [];
  const settings = parseJson<{ switches?: { automaticPosting?: boolean }; accountLinks?: unknown }>(
    row?.[0],
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

/**
 * The linked accounts that exist, each with whether it has sub-accounts (a parent takes no entries, as
 * `postableAccountIssue` says): one read for all of a booking's links instead of two per link.
 */
async function linkedAccounts(s: TenantScope, ids: readonly string[]) {
  const table = tableOf(accounts);
  const parentColumn = columnOf(accounts.tree!.parent);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { parent: boolean }>();
  // the ids drive the lookup (SQLite: a unary plus keeps the tenant term off the index, as `byIds` does)
  const rows = await selectArrays(
    s.db,
    `/* posting */ select a.id, exists (select 1 from ${table} sub where sub.tenant_id = ? and sub.${parentColumn} = a.id)
      from ${table} a where a.id in (${unique.map(() => '?').join(', ')}) and ${isSqlite(s.db) ? '+' : ''}a.tenant_id = ?`,
    [s.tenantId, ...unique, s.tenantId],
  );
  return new Map(rows.map(([id, parent]) => [String(id), { parent: bool(parent) }]));
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
  const plan = plannedLines(rule, amounts);
  return journalLines(plan, links, await linkedAccounts(s, linkedAccountIds(plan, links)));
}

export const zeroAmounts = (): PostingAmounts => ({
  in: dec(0),
  out: dec(0),
  correction: dec(0),
  money: [],
});
