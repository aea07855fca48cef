import type { Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import type { Engine } from '../../../../tests/support/databases';
import { costingFixture } from '../../../inventory/test/support/costing-fixture';

/**
 * The embedded product with what posting tests need: the accounts service's database and consumer, the
 * default branch's links (preset to the default chart), events of inventory delivered straight to accounts.
 */
export async function postingFixture(engine: Engine) {
  const f = await costingFixture(engine);
  const accountsDb = () => f.app.embedded.services.accounts!.db;
  const branchId = f.admin.defaultBranchId;
  const tenantId = String(
    (await accountsDb()('replica_branches').where({ id: branchId }).first('tenant_id')).tenant_id,
  );
  const links = (await f.branch()).body.accountLinks as Record<string, string | null>;

  function envelope(type: string, aggregateId: string, payload: unknown, id = newId()): Envelope {
    return {
      id,
      type,
      version: 1,
      tenantId,
      branchId,
      occurredAt: new Date().toISOString(),
      aggregateId,
      correlationId: newId(),
      causationId: null,
      payload,
    };
  }
  const deliver = (e: Envelope) => f.app.embedded.services.accounts!.consumer!.handle(e);

  /**
   * Each document's booking now: the net (debit - credit, stored units) per account of its live entries, or per
   * branch and account (`<branchId>|<accountId>`) with `byBranch`; inventory's documents unless `service` says.
   */
  async function liveBookings(
    byBranch = false,
    service = 'inventory',
  ): Promise<Map<string, Map<string, bigint>>> {
    const db = accountsDb();
    const entries = (await db('journal_entries')
      .where({ tenant_id: tenantId })
      .andWhere('source_type', 'like', `${service}.%`)
      .select('id', 'branch_id', 'source_id', 'reverses_entry_id')) as {
      id: string;
      branch_id: string;
      source_id: string;
      reverses_entry_id: string | null;
    }[];
    const reversed = new Set(entries.map((e) => e.reverses_entry_id));
    const live = new Map(
      entries.filter((e) => !e.reverses_entry_id && !reversed.has(e.id)).map((e) => [e.id, e]),
    );
    const out = new Map<string, Map<string, bigint>>();
    const lines = (await db('journal_lines')
      .where({ tenant_id: tenantId })
      .select('entry_id', 'account_id', 'debit', 'credit')) as {
      entry_id: string;
      account_id: string;
      debit: unknown;
      credit: unknown;
    }[];
    for (const l of lines) {
      const entry = live.get(l.entry_id);
      if (!entry) continue;
      const key = byBranch ? `${entry.branch_id}|${l.account_id}` : l.account_id;
      const m = out.get(entry.source_id) ?? new Map<string, bigint>();
      const net = (m.get(key) ?? 0n) + BigInt(String(l.debit)) - BigInt(String(l.credit));
      if (net === 0n) m.delete(key);
      else m.set(key, net);
      out.set(entry.source_id, m);
    }
    return out;
  }

  /** Every entry balances, and the whole journal's debits equal its credits (a trial balance's check). */
  async function checkBalanced(): Promise<void> {
    const db = accountsDb();
    const entries = (await db('journal_entries')
      .where({ tenant_id: tenantId })
      .select('id', 'total_debit', 'total_credit')) as {
      id: string;
      total_debit: unknown;
      total_credit: unknown;
    }[];
    const sums = new Map<string, [bigint, bigint]>();
    for (const l of (await db('journal_lines')
      .where({ tenant_id: tenantId })
      .select('entry_id', 'debit', 'credit')) as { entry_id: string; debit: unknown; credit: unknown }[]) {
      const s = sums.get(l.entry_id) ?? [0n, 0n];
      sums.set(l.entry_id, [s[0] + BigInt(String(l.debit)), s[1] + BigInt(String(l.credit))]);
    }
    let debit = 0n;
    let credit = 0n;
    for (const e of entries) {
      const [d, c] = sums.get(e.id) ?? [0n, 0n];
      expect([d, c]).toEqual([BigInt(String(e.total_debit)), BigInt(String(e.total_credit))]);
      expect(d).toBe(c);
      debit += d;
      credit += c;
    }
    expect(debit).toBe(credit);
  }

  const entryCount = async () =>
    Number(
      (
        (await accountsDb()('journal_entries').where({ tenant_id: tenantId }).count({ n: '*' }).first()) as {
          n: unknown;
        }
      ).n,
    );

  return {
    ...f,
    accountsDb,
    branchId,
    tenantId,
    links,
    envelope,
    deliver,
    liveBookings,
    checkBalanced,
    entryCount,
  };
}

export type PostingFixture = Awaited<ReturnType<typeof postingFixture>>;
