/**
 * The ledger's figures in the embedded mode (issue 13, Performance). Not a timed test (the machine is shared):
 * it prints rates, ratios measured in the same run, and whether each target is met. Run: pnpm bench:accounts
 *
 * Parts (ACCOUNTS_BENCH_PARTS, comma-separated; all by default), each in its own section below:
 * - posting: ACCOUNTS_BENCH_ENTRIES (20,000) entries appended one transaction each through appendEntry on the
 *   accounts service's SQLite database, lines spread over 5,000 accounts, and as many with every entry hitting
 *   the same cash account, beside the raw better-sqlite3 rate of inserting the same rows (the entry and its
 *   lines, in one transaction each, no chain). The three alternate in rounds so the machine's load falls on
 *   all alike. Targets: 2,000 entries/s sustained (the slowest round too); same account >= 80 % of spread.
 *   Then as many entries posted from events: `inventory.stock.moved` handed to the accounts consumer one by one
 *   (posting-events.ts), against the same 2,000 entries/s.
 * - verify: a chain of ACCOUNTS_BENCH_CHAIN (1,000,000; 10,000,000 for the issue's figure) entries seeded
 *   straight into the tables with correct hashes, in bulk, then GET /api/Journal/verify: entries per second.
 * - bulk: ACCOUNTS_BENCH_BULK (100,000) unposted vouchers seeded straight into the tables, then posted by one
 *   POST /api/Vouchers/post (the background job, in chunks): documents per second, and the p99 of other users'
 *   requests from a worker thread while it runs (target < 50 ms). Its own module: bulk-posting.ts.
 * - reports: ACCOUNTS_BENCH_LINES (1,000,000) journal lines seeded with their kept balances (by month and by
 *   year), then the accounts reports through the API, p50 and p99 against their targets (accounts-reports.ts;
 *   figures in docs/architecture.md, 'Kept balances and the accounts reports'). Not run by default.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Embedded } from '@erp/runner';
import { newId, nowIso, onSqliteConnection, type Db, type SqliteConnection } from '@erp/service-kit';
import {
  appendEntry,
  entryHash,
  GENESIS_HASH,
  verifyJournal,
  type ChainEntry,
  type JournalLineInput,
} from '../../services/accounts/src/journal';
import { bulkPosting } from './bulk-posting';
import { postingFromEvents } from './posting-events';
import { reportsBench } from './accounts-reports';
import { yieldToEventLoop } from './ledger-seed';
import { benchSession, startBenchApp, type BenchSession } from './support/http';

const PARTS = new Set(
  (process.env.ACCOUNTS_BENCH_PARTS ?? 'posting,verify,bulk').split(',').map((p) => p.trim()),
);
const ENTRIES = Number(process.env.ACCOUNTS_BENCH_ENTRIES ?? 20_000);
const CHAIN = Number(process.env.ACCOUNTS_BENCH_CHAIN ?? 1_000_000);
const BULK = Number(process.env.ACCOUNTS_BENCH_BULK ?? 100_000);
const ROUNDS = 5;
const ACCOUNTS = Array.from({ length: 5_000 }, (_, i) => `acct-${String(i).padStart(5, '0')}`);
const CASH = 'acct-cash';

const rate = (n: number, ms: number) => n / (ms / 1000);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
const verdict = (met: boolean, text: string) => console.log(`${met ? 'MET    ' : 'NOT MET'} ${text}`);

/** Entry `i`'s two lines: a debit and a credit of one amount (four decimals), on the mode's accounts. */
function linesOf(i: number, sameCash: boolean): JournalLineInput[] {
  const amount = `${1 + (i % 9_973)}.${String(i % 10_000).padStart(4, '0')}`;
  const debit = sameCash ? CASH : ACCOUNTS[(i * 7_919) % ACCOUNTS.length]!;
  return [
    { accountId: debit, debit: amount, credit: '0' },
    { accountId: ACCOUNTS[(i * 104_729 + 13) % ACCOUNTS.length]!, debit: '0', credit: amount },
  ];
}

// ---------------------------------------------------------------------------------------------- posting

const TENANT = 'bench-posting';
const ENTRY_SQL = `insert into journal_entries (id, tenant_id, branch_id, seq, date, source_type, source_id,
  source_revision, reverses_entry_id, memo, total_debit, total_credit, posted_at, posted_by, prev_hash, hash)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const LINE_SQL = `insert into journal_lines (entry_id, line_no, tenant_id, account_id, cost_center_id, debit,
  credit, note) values (?, ?, ?, ?, ?, ?, ?, ?)`;
const scaled = (amount: string) => Math.round(Number(amount) * 10_000); // bench amounts: exact in a double

async function posting(app: Embedded): Promise<void> {
  console.log(`\n== posting: ${fmt(ENTRIES)} entries per mode, one transaction each, ${ROUNDS} rounds ==`);
  const db = app.services.accounts!.db;
  const per = Math.ceil(ENTRIES / ROUNDS);
  const modes = ['spread', 'same cash', 'raw'] as const;
  const totals = Object.fromEntries(modes.map((m) => [m, { n: 0, ms: 0, cpu: 0, rounds: [] as number[] }]));
  let next = 0;
  let rawSeq = 0;
  const throughAppend = async (sameCash: boolean, count: number) => {
    const branchId = sameCash ? 'bench-same' : 'bench-spread';
    for (let k = 0; k < count; k++) {
      const i = next++;
      await db.transaction((trx) =>
        appendEntry(trx, {
          tenantId: TENANT,
          branchId,
          date: '2026-03-01',
          source: { type: 'voucher', id: `bench-${i}`, revision: 1 },
          lines: linesOf(i, sameCash),
        }),
      );
    }
  };
  // the same rows (the entry, its two lines) by prepared statements, each in its own transaction; no chain
  const raw = (count: number) =>
    onSqliteConnection(db, (conn: SqliteConnection) => {
      const entry = conn.prepare(ENTRY_SQL);
      const line = conn.prepare(LINE_SQL);
      const one = conn.transaction(() => {
        const i = next++;
        const id = newId();
        const lines = linesOf(i, false);
        const total = scaled(lines[0]!.debit);
        const at = nowIso();
        const hash = String(i).padStart(64, '0');
        entry.run(
          id,
          TENANT,
          'bench-raw',
          ++rawSeq,
          '2026-03-01',
          'voucher',
          `bench-${i}`,
          1,
          null,
          '',
          total,
          total,
          at,
          null,
          hash,
          hash,
        );
        lines.forEach((l, n) =>
          line.run(id, n + 1, TENANT, l.accountId, null, scaled(l.debit), scaled(l.credit), ''),
        );
      });
      for (let k = 0; k < count; k++) one();
    });
  // a warm-up (prepared statements, the first head of each chain), not counted
  await throughAppend(false, 200);
  await throughAppend(true, 200);
  await raw(200);
  for (let round = 0; round < ROUNDS; round++) {
    // rotate the order: no mode always runs first or last in a round
    for (let k = 0; k < modes.length; k++) {
      const mode = modes[(round + k) % modes.length]!;
      const t = performance.now();
      const cpu = process.cpuUsage();
      if (mode === 'raw') await raw(per);
      else await throughAppend(mode === 'same cash', per);
      const ms = performance.now() - t;
      const total = totals[mode]!;
      total.n += per;
      total.ms += ms;
      total.cpu += cpuMs(cpu);
      total.rounds.push(rate(per, ms));
    }
  }
  for (const mode of modes) {
    const t = totals[mode]!;
    console.log(
      `${mode.padEnd(10)} ${fmt(rate(t.n, t.ms)).padStart(7)} entries/s (slowest round ${fmt(Math.min(...t.rounds))}/s; per CPU second ${fmt(rate(t.n, t.cpu))})`,
    );
  }
  const spread = rate(totals.spread!.n, totals.spread!.ms);
  const same = rate(totals['same cash']!.n, totals['same cash']!.ms);
  const rawRate = rate(totals.raw!.n, totals.raw!.ms);
  console.log(
    `appendEntry / raw better-sqlite3: spread ${(spread / rawRate).toFixed(2)}, same cash ${(same / rawRate).toFixed(2)}`,
  );
  // the appended chains hold (the raw rows are no chain: they are left out)
  for (const branchId of ['bench-spread', 'bench-same']) {
    const r = await verifyJournal(db, TENANT, branchId);
    if (!r.ok || r.verified !== per * ROUNDS + 200)
      throw new Error(`the ${branchId} chain does not hold: ${JSON.stringify(r.chains)}`);
  }
  console.log('checked: both appended chains verify whole');
  verdict(spread >= 2_000, `posting, spread accounts: ${fmt(spread)} entries/s (target >= 2,000)`);
  verdict(
    Math.min(...totals.spread!.rounds) >= 2_000,
    `posting sustained (slowest of ${ROUNDS} rounds): ${fmt(Math.min(...totals.spread!.rounds))} entries/s (target >= 2,000)`,
  );
  verdict(
    same / spread >= 0.8,
    `posting, every entry on the same cash account: ${((100 * same) / spread).toFixed(0)} % of spread (target >= 80 %)`,
  );
  // the same target through the accounts service's consumer: what posting from events adds to the append
  const session = await benchSession(app.url);
  const events = await postingFromEvents(app, session, tenantOf(session), {
    events: ENTRIES,
    rounds: ROUNDS,
  });
  const slowest = Math.min(...events.rounds);
  console.log(
    `from events ${fmt(events.rate).padStart(7)} entries/s (slowest round ${fmt(slowest)}/s; per CPU second ${fmt(events.perCpuSecond)}); ` +
      `/ raw better-sqlite3 ${(events.rate / rawRate).toFixed(2)}, / appendEntry spread ${(events.rate / spread).toFixed(2)}`,
  );
  verdict(events.rate >= 2_000, `posting from events: ${fmt(events.rate)} entries/s (target >= 2,000)`);
  verdict(
    slowest >= 2_000,
    `posting from events sustained (slowest of ${ROUNDS} rounds): ${fmt(slowest)} entries/s (target >= 2,000)`,
  );
}

// ---------------------------------------------------------------------------------------------- verify

/** The admin's tenant, from the token's claims. */
const tenantOf = (session: BenchSession) =>
  String(
    (JSON.parse(Buffer.from(session.auth.token.split('.')[1]!, 'base64url').toString()) as { tid: string })
      .tid,
  );

/** `count` chained entries of two or three lines, written in bulk with their hashes, then the chain's head. */
async function seedChain(db: Db, tenantId: string, branchId: string, count: number): Promise<void> {
  const batch = 20_000;
  let prevHash = GENESIS_HASH;
  const postedAt = nowIso();
  for (let from = 1; from <= count; from += batch) {
    await onSqliteConnection(db, (conn: SqliteConnection) => {
      const entry = conn.prepare(ENTRY_SQL);
      const line = conn.prepare(LINE_SQL);
      conn.transaction(() => {
        for (let seq = from; seq < Math.min(from + batch, count + 1); seq++) {
          const two = linesOf(seq, seq % 3 === 0);
          const half = scaled(two[1]!.credit) / 2;
          const lines =
            seq % 4 === 0
              ? [
                  { ...two[0]!, debit: scaled(two[0]!.debit), credit: 0 },
                  { ...two[1]!, debit: 0, credit: half },
                  { accountId: CASH, debit: 0, credit: scaled(two[1]!.credit) - half },
                ]
              : two.map((l) => ({ ...l, debit: scaled(l.debit), credit: scaled(l.credit) }));
          const chained: ChainEntry = {
            id: newId(),
            tenantId,
            branchId,
            seq,
            date: '2026-03-01',
            sourceType: 'voucher',
            sourceId: `seed-${seq}`,
            sourceRevision: 1,
            reversesEntryId: null,
            memo: '',
            postedAt,
            lines: lines.map((l, n) => ({
              lineNo: n + 1,
              accountId: l.accountId,
              costCenterId: null,
              debit: l.debit,
              credit: l.credit,
              note: '',
            })),
          };
          const hash = entryHash(chained, prevHash);
          const total = scaled(two[0]!.debit);
          entry.run(
            chained.id,
            tenantId,
            branchId,
            seq,
            chained.date,
            'voucher',
            chained.sourceId,
            1,
            null,
            '',
            total,
            total,
            postedAt,
            null,
            prevHash,
            hash,
          );
          for (const l of chained.lines)
            line.run(chained.id, l.lineNo, tenantId, l.accountId, null, l.debit, l.credit, '');
          prevHash = hash;
        }
      })();
    });
    // the log back into the file now and then: the passive checkpoints in the background never catch up with a
    // bulk load, and the log would grow to many times the database
    if ((from - 1) % (batch * 5) === 0)
      await onSqliteConnection(db, (conn) => conn.prepare('pragma wal_checkpoint(TRUNCATE)').all());
    await yieldToEventLoop();
  }
  await db('journal_chains').insert({
    tenant_id: tenantId,
    branch_id: branchId,
    last_seq: count,
    last_hash: prevHash,
    updated_at: postedAt,
  });
}

/** A GET without fetch's five-minute wait for the answer's headers (ten million entries may take longer). */
function longGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function verify(app: Embedded): Promise<void> {
  console.log(`\n== verify: a chain of ${fmt(CHAIN)} entries, GET /api/Journal/verify ==`);
  const session = await benchSession(app.url);
  const tenantId = tenantOf(session);
  const branchId = session.auth.defaultBranchId;
  const db = app.services.accounts!.db;
  let t = performance.now();
  await seedChain(db, tenantId, branchId, CHAIN);
  console.log(
    `seeded ${fmt(CHAIN)} entries (hashed, in bulk) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  const cpu = process.cpuUsage();
  const answer = await longGet(`${app.url}/api/Journal/verify?branchId=${branchId}`, session.headers);
  const ms = performance.now() - t;
  const cpuTime = cpuMs(cpu);
  if (answer.status !== 200) throw new Error(`verify: ${answer.status} ${answer.body}`);
  const result = JSON.parse(answer.body) as { ok: boolean; verified: number };
  if (!result.ok || result.verified !== CHAIN) throw new Error(`verify: ${answer.body.slice(0, 500)}`);
  console.log(
    `verified ${fmt(result.verified)} entries in ${(ms / 1000).toFixed(1)} s: ${fmt(rate(CHAIN, ms))} entries/s (per CPU second ${fmt(rate(CHAIN, cpuTime))})`,
  );
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-accounts-'));
  const app = await startBenchApp(dir);
  console.log(`engine: sqlite (embedded); parts: ${[...PARTS].join(', ')}`);
  try {
    if (PARTS.has('posting')) await posting(app);
    if (PARTS.has('verify')) await verify(app);
    if (PARTS.has('bulk')) await bulkPosting(app, BULK);
    if (PARTS.has('reports')) await reportsBench(app);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
