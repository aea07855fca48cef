import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Embedded } from '@erp/runner';
import { newId, nowIso, onSqliteConnection, type Db } from '@erp/service-kit';
import { yieldToEventLoop } from './ledger-seed';
import { benchSession } from './support/http';
import { OtherUsers, type Sample } from './support/other-users';

const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const tenantOf = (token: string) =>
  String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tid: string }).tid);

/**
 * `count` unposted journal vouchers of the branch, codes 1..count, seeded straight into the document engine's
 * tables in batches (two lines each, between two leaf accounts of the tenant's chart, amounts scaled by 10^4).
 */
async function seedVouchers(
  db: Db,
  tenantId: string,
  branchId: string,
  accounts: [string, string],
  count: number,
) {
  const date = new Date().toISOString().slice(0, 10);
  const now = nowIso();
  const batch = 2_000;
  for (let from = 1; from <= count; from += batch) {
    const headers: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    for (let seq = from; seq < Math.min(count + 1, from + batch); seq++) {
      const id = newId();
      const amount = (1 + (seq % 9_973)) * 10_000 + (seq % 100) * 100;
      headers.push({
        id,
        tenant_id: tenantId,
        branch_id: branchId,
        code: String(seq),
        year: 0,
        seq,
        date,
        status: 'unposted',
        reference_number: `bench-${seq}`,
        notes: '',
        is_opening: false,
        without_cost_centers: false,
        revision: 1,
        total_quantity: 0,
        total_value: amount,
        created_by: null,
        created_at: now,
        updated_at: now,
      });
      lines.push(
        {
          tenant_id: tenantId,
          document_id: id,
          line_no: 1,
          account_id: accounts[0],
          debit: amount,
          credit: null,
          note: '',
          value: amount,
        },
        {
          tenant_id: tenantId,
          document_id: id,
          line_no: 2,
          account_id: accounts[1],
          debit: null,
          credit: amount,
          note: '',
          value: 0,
        },
      );
    }
    await db.transaction(async (trx) => {
      for (let i = 0; i < headers.length; i += 200)
        await trx('doc_vouchers').insert(headers.slice(i, i + 200));
      for (let i = 0; i < lines.length; i += 200)
        await trx('doc_vouchers_lines').insert(lines.slice(i, i + 200));
    });
    await yieldToEventLoop();
  }
  await db('doc_counters').insert({ tenant_id: tenantId, document_type: 'vouchers', year: 0, last: count });
  await onSqliteConnection(db, (conn) => conn.prepare('pragma wal_checkpoint(TRUNCATE)').all());
}

/**
 * Bulk posting of `count` vouchers through `POST /api/Vouchers/post` (issue 13, Performance): documents per
 * second, and other users' requests (one voucher, the banks and cost centers lists) sent from a worker thread
 * one after another, idle and while the job runs: their p99 (target < 50 ms).
 */
export async function bulkPosting(app: Embedded, count: number): Promise<void> {
  console.log(`\n== bulk: ${fmt(count)} vouchers posted by one POST /api/Vouchers/post ==`);
  const session = await benchSession(app.url);
  const tenantId = tenantOf(session.auth.token);
  const branchId = session.auth.defaultBranchId;
  const db = app.services.accounts!.db;
  const tree = (await session.call('GET', '/api/Accounts/tree')) as {
    items: { id: string; parentId: string | null }[];
  };
  const parents = new Set(tree.items.map((a) => a.parentId));
  const leaves = tree.items.filter((a) => !parents.has(a.id)).map((a) => a.id);
  let t = performance.now();
  await seedVouchers(db, tenantId, branchId, [leaves[0]!, leaves[1]!], count);
  console.log(`seeded ${fmt(count)} unposted vouchers in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const one = (await db('doc_vouchers').where({ tenant_id: tenantId, code: '1' }).first('id')) as {
    id: string;
  };
  // requests whose own cost does not grow with the vouchers seeded here (a list page counts all of its rows;
  // a page of 100,000 unposted vouchers is slow with or without a run): one voucher, two lists of main data
  const urls = [
    `${app.url}/api/Vouchers/${one.id}`,
    `${app.url}/api/Banks?pageSize=25`,
    `${app.url}/api/CostCenters?pageSize=25`,
  ];
  const client = new OtherUsers(urls, session.headers, session.signIn);
  const idle = (await client.run(300)).map((s) => s.ms);

  const lag = monitorEventLoopDelay({ resolution: 5 });
  client.start();
  t = performance.now();
  lag.enable();
  const accepted = (await session.call('POST', '/api/Vouchers/post', {
    documentType: 'vouchers',
    fromCode: '1',
    toCode: String(count),
  })) as { jobId: string; total: number };
  const acceptedMs = performance.now() - t;
  let job: { status: string; done: number; result: Record<string, number> | null };
  for (;;) {
    job = (await session.call('GET', `/api/accounts/jobs/${accepted.jobId}`)) as typeof job;
    if (!['queued', 'running'].includes(job.status)) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  const ms = performance.now() - t;
  lag.disable();
  const samples: Sample[] = await client.stop();
  const during = samples.map((s) => s.ms);
  const [entries] = (await db('journal_entries')
    .where({ tenant_id: tenantId, source_type: 'vouchers' })
    .count({ n: '*' })) as {
    n: unknown;
  }[];
  if (job.status !== 'succeeded' || Number(entries!.n) !== count)
    throw new Error(
      `bulk posting: ${job.status} ${JSON.stringify(job.result)}; ${String(entries!.n)} entries`,
    );
  console.log(
    `answered 202 in ${acceptedMs.toFixed(0)} ms (total ${fmt(accepted.total)}); result ${JSON.stringify(job.result)}`,
  );
  console.log(
    `posted ${fmt(count)} vouchers in ${(ms / 1000).toFixed(1)} s: ${fmt(count / (ms / 1000))} documents/s`,
  );
  console.log(
    `other users' requests: idle p50 ${p(idle, 0.5).toFixed(1)} ms, p99 ${p(idle, 0.99).toFixed(1)} ms (n=${idle.length}); while posting p50 ${p(during, 0.5).toFixed(1)} ms, p99 ${p(during, 0.99).toFixed(1)} ms, max ${Math.max(...during).toFixed(0)} ms (n=${during.length})`,
  );
  console.log(
    `event loop while posting: p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(0)} ms`,
  );
  const met = p(during, 0.99) < 50;
  console.log(
    `${met ? 'MET    ' : 'NOT MET'} p99 of other API calls while bulk posting runs (target < 50 ms)`,
  );
}
