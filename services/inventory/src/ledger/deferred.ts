import { isMainThread } from 'node:worker_threads';
import {
  enqueueJobIn,
  tenantScope,
  type Executor,
  type JobKind,
  type JobOwner,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { bookCorrections } from './booking';
import { lockHoldings, pairKey, Recoster, type Position } from './recost';

/**
 * Re-costing a long history in the background (issue 11, "Large histories" in docs/architecture.md). A
 * posting ahead of more later movements than `ERP_RECOST_INLINE_LIMIT` books its own lines at their place
 * (their values depend only on what came before) and leaves the later lines of its items and stores to a
 * job: each (item, store) is recorded in `recost_pending` with the day its replay starts, at most once (the
 * table's key), so at most one job re-costs an item and store. A later change of a pending item and store
 * folds into it: the day moves back if need be and `version` rises, and the job that owns the row replays it
 * (again) from there. A job's chunk locks its items and stores like a posting, replays each from its day with
 * what is booked now, books the differences and clears the rows it re-costed at the version it read, with its
 * checkpoint, in one transaction: a chunk cut short by a restart is rolled back and done again, and a replay
 * of a holding already right books nothing, so nothing is ever booked twice.
 */

export const RECOST_JOB = 'inventory.recost';

/**
 * 20,000 later movements: the inline replay reads about 100,000 lines a second on this machine (the
 * benchmark in docs/architecture.md), so a posting stays within a fifth of a second and holds its locks no
 * longer; above it the wait (and the locks) move to the job.
 */
export const DEFAULT_INLINE_LIMIT = 20_000;
/**
 * Items and stores per chunk: a chunk is one transaction holding their locks, so its size follows the time the
 * last one took, aiming at CHUNK_MS; `ERP_RECOST_CHUNK_PAIRS` fixes it (tests). On the service's own thread (MySQL,
 * or SQLite with ERP_JOB_THREAD=off) a chunk holds the event loop too, and other requests wait about that long:
 * 10 ms. In the job thread (SQLite) it holds only the write gate, which the service's writes wait for (their turn,
 * without the connection: reads do not wait behind them) and its reads do not: 50 ms. Each chunk is a commit, a
 * copy of the log and a round of the job's bookkeeping, and the corrections of one document sum across a chunk's
 * items (booking.ts). Figures: docs/architecture.md, costing, "Eighth pass" and "Tenth pass".
 */
const CHUNK_MS = isMainThread ? 10 : 50;
const MAX_CHUNK_PAIRS = 500;
const fixedChunk = () => Number(process.env.ERP_RECOST_CHUNK_PAIRS) || 0;
const nextChunk = (pairs: number, ms: number) =>
  Math.max(1, Math.min(MAX_CHUNK_PAIRS, Math.round((pairs * CHUNK_MS) / Math.max(ms, 1))));

export function inlineLimit(): number {
  const n = Number(process.env.ERP_RECOST_INLINE_LIMIT);
  return Number.isFinite(n) && n >= 0 && process.env.ERP_RECOST_INLINE_LIMIT !== ''
    ? n
    : DEFAULT_INLINE_LIMIT;
}

type Row = Record<string, unknown>;
const IN_CHUNK = 500;

/** The pending rows of these items and stores. */
async function pendingOf(s: TenantScope, pairs: string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  const items = [...new Set(pairs.map((p) => p.split('\u0000')[0]!))];
  const wanted = new Set(pairs);
  for (let i = 0; i < items.length; i += IN_CHUNK) {
    const rows = (await s('recost_pending')
      .whereIn('item_id', items.slice(i, i + IN_CHUNK))
      .select('item_id', 'store_id', 'from_date', 'job_id', 'version')) as Row[];
    for (const r of rows) {
      const k = pairKey(String(r.item_id), String(r.store_id));
      if (wanted.has(k)) out.set(k, r);
    }
  }
  return out;
}

/**
 * Whether a posting's re-costing goes to the background: an item and store it touches is pending already
 * (it folds in), or the later movements of its items and stores exceed the limit (counted up to the limit).
 */
export async function shouldDefer(s: TenantScope, starts: Map<string, Position>): Promise<boolean> {
  const limit = inlineLimit();
  if (starts.size === 0) return false;
  if ((await pendingOf(s, [...starts.keys()])).size > 0) return true;
  // counted per store and day, a few hundred items a read, up to the limit
  const groups = new Map<string, { storeId: string; date: string; items: string[] }>();
  for (const [pair, at] of starts) {
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    const k = `${storeId}\u0000${at.date}`;
    const group = groups.get(k) ?? { storeId, date: at.date, items: [] };
    group.items.push(itemId);
    groups.set(k, group);
  }
  let seen = 0;
  for (const { storeId, date, items } of groups.values())
    for (let i = 0; i < items.length; i += IN_CHUNK) {
      const left = limit - seen + 1;
      const [r] = (await s.db
        .from(
          s('stock_movements')
            .where({ store_id: storeId })
            .whereIn('item_id', items.slice(i, i + IN_CHUNK))
            .andWhere('date', '>=', date)
            .limit(left)
            .select('seq')
            .as('later'),
        )
        .count({ n: '*' })) as Row[];
      seen += Number(r?.n ?? 0);
      if (seen > limit) return true;
    }
  return false;
}

/**
 * Records what a deferred posting left to the background, in its transaction: a pending item and store folds
 * in (its day moves back if need be), the others go to a new job, queued here. Returns the job that re-costs
 * the posting's items and stores (the new one, else the first it folded into).
 */
export async function recordDeferred(
  trx: Executor,
  s: TenantScope,
  owner: JobOwner,
  cause: { sourceService: string; documentType: string; documentId: string; revision: number },
  deferred: Map<string, string>,
  locked: ReadonlySet<string>,
): Promise<string | null> {
  if (deferred.size === 0) return null;
  // a store reached through a transfer is not locked yet: its row must not be cleared by a job meanwhile
  await lockHoldings(
    s,
    [...deferred.keys()].filter((k) => !locked.has(k)),
  );
  const existing = await pendingOf(s, [...deferred.keys()]);
  const dates = new Map(deferred);
  // a row whose job ended without clearing it (failed, cancelled) goes to the new job
  const jobIds = [...new Set([...existing.values()].map((r) => String(r.job_id)))];
  const live = new Set(
    jobIds.length
      ? (
          (await s('jobs')
            .whereIn('id', jobIds)
            .whereIn('status', ['queued', 'running'])
            .select('id')) as Row[]
        ).map((r) => String(r.id))
      : [],
  );
  for (const [k, r] of existing)
    if (!live.has(String(r.job_id))) {
      const [itemId, storeId] = k.split('\u0000') as [string, string];
      await s('recost_pending').where({ item_id: itemId, store_id: storeId }).delete();
      existing.delete(k);
      // its day is still owed
      if (String(r.from_date) < dates.get(k)!) dates.set(k, String(r.from_date));
    }
  const now = new Date().toISOString();
  let folded: string | null = null;
  const fresh: [string, string][] = [];
  for (const [pair, date] of dates) {
    const row = existing.get(pair);
    if (!row) {
      fresh.push([pair, date]);
      continue;
    }
    folded ??= String(row.job_id);
    const [itemId, storeId] = pair.split('\u0000') as [string, string];
    await s('recost_pending')
      .where({ item_id: itemId, store_id: storeId })
      .update({
        from_date: date < String(row.from_date) ? date : String(row.from_date),
        version: Number(row.version) + 1,
        updated_at: now,
      });
  }
  if (fresh.length === 0) return folded;
  const job = await enqueueJobIn(trx, owner, {
    kind: RECOST_JOB,
    // one job per posting revision: the items and stores are kept apart by recost_pending's key
    resource: `${cause.sourceService}:${cause.documentType}:${cause.documentId}:${cause.revision}`,
    input: cause,
    total: fresh.length,
    state: initialState(),
  });
  for (let i = 0; i < fresh.length; i += IN_CHUNK)
    await s.db('recost_pending').insert(
      fresh.slice(i, i + IN_CHUNK).map(([pair, date]) => {
        const [itemId, storeId] = pair.split('\u0000') as [string, string];
        return {
          tenant_id: s.tenantId,
          item_id: itemId,
          store_id: storeId,
          from_date: date,
          job_id: job.id,
          version: 1,
          updated_at: now,
        };
      }),
    );
  return job.id;
}

/** Which of these items and stores are being re-costed in the background, with their job. */
export async function recostingOf(s: TenantScope, pairs: string[]): Promise<Map<string, string>> {
  const rows = await pendingOf(s, pairs);
  return new Map([...rows].map(([k, r]) => [k, String(r.job_id)]));
}

export interface RecostInput {
  sourceService: string;
  documentType: string;
  documentId: string;
  revision: number;
}
export interface RecostState {
  pairs: number;
  corrections: number;
  parts: number;
  /** Items and stores the next chunk takes. */
  chunk?: number;
}
const initialState = (): RecostState => ({ pairs: 0, corrections: 0, parts: 0, chunk: 20 });

/** The background re-costing: chunks of items and stores, each replayed from its pending day. */
export function recostJob(deps: ServiceDeps): JobKind<RecostInput, RecostState> {
  return {
    kind: RECOST_JOB,
    resumable: true,
    // its chunks read and write the stock ledger only: on SQLite they run in the job thread
    thread: true,
    initialState,
    async step(run) {
      const started = Date.now();
      const size = fixedChunk() || run.state.chunk || 20;
      const first = (await tenantScope(
        deps.db,
        run.tenantId,
      )('recost_pending')
        .where({ job_id: run.id })
        .orderBy(['item_id', 'store_id'])
        .limit(size)
        .select('item_id', 'store_id')) as Row[];
      const total = run.state.pairs + (await countOf(deps, run.tenantId, run.id));
      if (first.length === 0)
        return {
          state: run.state,
          done: run.state.pairs,
          total: run.state.pairs,
          result: { pairs: run.state.pairs, corrections: run.state.corrections },
        };
      return deps.transact(async (trx) => {
        const s = tenantScope(trx, run.tenantId);
        const pairs = first.map((r) => pairKey(String(r.item_id), String(r.store_id)));
        await lockHoldings(s, pairs);
        // read again under the locks: a posting may have folded a change in meanwhile
        const rows = [...(await pendingOf(s, pairs)).entries()].filter(([, r]) => r.job_id === run.id);
        const starts = new Map<string, Position>(
          rows.map(([k, r]) => [k, { date: String(r.from_date), entry: '', lineKey: 0 }]),
        );
        const result = await new Recoster(s, {
          // no document is posted: every line is a booked one, replayed from the start of its pending day
          doc: { sourceService: '', documentType: '', documentId: run.id },
          entry: '',
          locked: new Set(pairs),
          bookedRevision: null,
          pending: [],
          starts,
          refuseNegative: false,
        }).run();
        const parts = await bookCorrections(
          trx,
          s,
          { tenantId: run.tenantId, branchId: null, correlationId: run.ctx.correlationId },
          { sourceService: 'inventory', documentType: 'recostJob', documentId: run.id, revision: 1 },
          run.state.parts,
          result.corrections,
        );
        // cleared in bulk, per store and version read (a fold raised the version of a row: it stays)
        const clear = new Map<string, { storeId: string; version: number; items: string[] }>();
        for (const [k, r] of rows) {
          const [itemId, storeId] = k.split('\u0000') as [string, string];
          const g = `${storeId}\u0000${Number(r.version)}`;
          const group = clear.get(g) ?? { storeId, version: Number(r.version), items: [] };
          group.items.push(itemId);
          clear.set(g, group);
        }
        for (const { storeId, version, items } of clear.values())
          for (let i = 0; i < items.length; i += IN_CHUNK)
            await s('recost_pending')
              .where({ store_id: storeId, job_id: run.id, version })
              .whereIn('item_id', items.slice(i, i + IN_CHUNK))
              .delete();
        const state: RecostState = {
          pairs: run.state.pairs + rows.length,
          corrections: run.state.corrections + result.corrections.length,
          parts: run.state.parts + parts,
          chunk: nextChunk(first.length, Date.now() - started),
        };
        await run.checkpoint(trx, state, state.pairs);
        return { state, done: state.pairs, total: Math.max(total, state.pairs) };
      });
    },
  };
}

async function countOf(deps: ServiceDeps, tenantId: string, jobId: string): Promise<number> {
  const [r] = (await tenantScope(
    deps.db,
    tenantId,
  )('recost_pending')
    .where({ job_id: jobId })
    .count({ n: '*' })) as Row[];
  return Number(r?.n ?? 0);
}
