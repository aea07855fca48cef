import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop (SQLite). A checkpoint copies the write-ahead log into the database file and
 * syncs it: tens of milliseconds that better-sqlite3, being synchronous, would spend inside whichever commit
 * crossed the auto-checkpoint size, while every request waited (issue 11: other requests' p99 while a
 * re-costing job writes). One worker thread, with a connection of its own to each database file, runs passive
 * checkpoints every CHECKPOINT_MS. If the worker cannot start or dies, the connections get SQLite's automatic
 * checkpoints back.
 *
 * A passive checkpoint never catches up with a writer that does not pause: it copies the log as it was when it
 * began, the writer has committed more by the time it ends, and SQLite starts the log over from its beginning
 * only when a write begins with all of it copied. Under sustained posting the log grew without end (5 GB in the
 * posting benchmark's minute), and every commit then extended the file: the kernel allocating and zeroing new
 * pages cost more than SQLite's own work. So the service's connection keeps an automatic checkpoint of its
 * own, at a log of BACKSTOP_FRAMES: run between two of its transactions, it copies only what the worker has
 * not yet, and the next write starts the log over in pages the file already has. (A RESTART checkpoint from
 * the worker would do it too, but it takes the write lock, and a transaction that read before it writes gets
 * SQLITE_BUSY at once, without waiting.) The log then stays near 32 MB, under journal_size_limit.
 */

const CHECKPOINT_MS = 200;
// 8,192 pages of 4 KB: under a light load the worker empties the log long before it gets there
const BACKSTOP_FRAMES = 8192;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
const checkpoint = (db) => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or gone: next time */ } };
parentPort.on('message', (m) => {
  if (m.add && !open.has(m.add)) {
    const db = new Database(m.add, { fileMustExist: true });
    // the log is cut back to 64 MB after the checkpoint that empties it (a bulk load can grow it to gigabytes)
    db.pragma('journal_size_limit = 67108864');
    open.set(m.add, db);
  }
  if (m.remove) {
    const db = open.get(m.remove);
    open.delete(m.remove);
    if (db) { checkpoint(db); db.close(); }
    parentPort.postMessage({ removed: m.remove, ticket: m.ticket });
  }
  if (m.read) {
    try {
      const db = open.get(m.read);
      if (!db) throw new Error('no connection to ' + m.read);
      const statement = db.prepare(m.sql);
      // reads only: this connection is the worker's, not a second way to write
      if (!statement.readonly) throw new Error('not a read: ' + m.sql);
      parentPort.postMessage({ ticket: m.ticket, rows: statement.all(...m.bindings) });
    } catch (error) {
      parentPort.postMessage({ ticket: m.ticket, error: String((error && error.message) || error) });
    }
  }
});
setInterval(() => { for (const db of open.values()) checkpoint(db); }, workerData.everyMs);
`;

interface SqliteConnection {
  pragma(s: string): unknown;
}

let worker: Worker | null = null;
let failed = false;
let tickets = 0;
const waiting = new Map<number, (answer: WorkerAnswer) => void>();

interface WorkerAnswer {
  ticket?: number;
  rows?: Record<string, unknown>[];
  error?: string;
}
const connections = new Map<string, Set<SqliteConnection>>();

function start(): Worker | null {
  if (worker || failed) return worker;
  try {
    const driver = require.resolve('better-sqlite3');
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, everyMs: CHECKPOINT_MS } });
    // the process may end while it runs: it holds nothing that needs an orderly stop
    w.unref();
    w.on('message', (m: WorkerAnswer) => {
      const done = m.ticket === undefined ? undefined : waiting.get(m.ticket);
      if (done) {
        waiting.delete(m.ticket!);
        done(m);
      }
    });
    w.on('error', () => fallBack());
    w.on('exit', () => fallBack());
    worker = w;
  } catch {
    failed = true;
  }
  return worker;
}

/** The worker is gone: the connections checkpoint by themselves again, and nobody waits for it. */
function fallBack(): void {
  failed = true;
  worker = null;
  for (const set of connections.values())
    for (const conn of set)
      try {
        conn.pragma('wal_autocheckpoint = 1000');
      } catch {
        // closed meanwhile
      }
  for (const done of waiting.values()) done({ error: 'the checkpoint worker ended' });
  waiting.clear();
}

/**
 * A job thread's connection (jobs/job-thread.ts), the file's other writer: it copies the log itself after each
 * of its writes, outside the write gate, so that the log starts over at its next write. Left to the worker
 * and the backstop, a thread committing chunk after chunk grew the log past the backstop, and whichever
 * connection committed next copied it inside its commit: the service's, 70 to 120 ms on the event loop (the
 * relay's `update outbox`), or the thread's while it held the gate the service's writes were waiting at. The
 * thread's backstop stays, as a last resort only (it copies inside a commit).
 */
export function checkpointAfterWrites(
  conn: SqliteConnection,
  gate: { afterLeave: (() => void) | null },
  passive: { get(): unknown },
): void {
  conn.pragma(`wal_autocheckpoint = ${4 * BACKSTOP_FRAMES}`);
  let last = 0;
  gate.afterLeave = () => {
    const now = Date.now();
    if (now - last < THREAD_CHECKPOINT_MS) return;
    last = now;
    try {
      passive.get();
    } catch {
      // busy (the worker is copying) or closed: the next write tries again
    }
  };
}
/** A thread's writes come in runs (a chunk's transaction, its job's progress): one copy per run. */
const THREAD_CHECKPOINT_MS = 20;

/** Hands a database file's checkpoints to the worker (the connection keeps only its backstop); true when it took them. */
export function offloadCheckpoints(filename: string, conn: SqliteConnection): boolean {
  if (filename === ':memory:' || filename === '') return false;
  const w = start();
  if (!w) return false;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  conn.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
  const set = connections.get(filename) ?? new Set();
  set.add(conn);
  connections.set(filename, set);
  w.postMessage({ add: filename });
  return true;
}

/**
 * The worker checkpoints the file one last time and closes its connection, so the service's connection, closed
 * next, is the last one and leaves no write-ahead log behind (a restore takes one as a sign of a running product).
 */
export async function releaseCheckpoints(
  filename: string,
  conns: readonly SqliteConnection[],
): Promise<void> {
  const set = connections.get(filename);
  if (!set) return;
  for (const conn of conns) set.delete(conn);
  // another handle on the same file still counts on the worker
  if (set.size > 0) return;
  connections.delete(filename);
  if (!worker) return;
  const ticket = ++tickets;
  const w = worker;
  await new Promise<void>((resolve) => {
    waiting.set(ticket, () => resolve());
    w.postMessage({ remove: filename, ticket });
  });
  if (connections.size === 0) idleSoon();
}

/** A refused read is said once (a warning), not on every call. */
let warnedRead = false;

/**
 * Runs a read on the worker's connection to the file, off the event loop; null when the worker cannot (not
 * running, the file not handed to it, an error): the caller reads on its own connection then.
 */
export async function readInWorker(
  filename: string,
  sql: string,
  bindings: readonly unknown[],
): Promise<Record<string, unknown>[] | null> {
  if (!worker || !connections.has(filename)) return null;
  const ticket = ++tickets;
  const w = worker;
  const answer = await new Promise<WorkerAnswer>((resolve) => {
    waiting.set(ticket, resolve);
    w.postMessage({ read: filename, sql, bindings, ticket });
  });
  if (answer.error && !warnedRead) {
    // a bug of the caller (a write sent here) or a read SQLite refused: say it once, then read in place
    warnedRead = true;
    process.emitWarning(`a read off the event loop ran in place: ${answer.error}`, 'OffLoopRead');
  }
  return answer.rows ?? null;
}

/** With no database left, the worker stops after a moment (a test suite opens and closes many in a row). */
function idleSoon(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (connections.size > 0 || !worker) return;
    const w = worker;
    worker = null;
    w.removeAllListeners('exit');
    void w.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}
let idleTimer: NodeJS.Timeout | null = null;
const IDLE_MS = 500;

/**
 * Stops the worker now; databases still open checkpoint by themselves from here on. For test runners: a
 * running worker keeps jest's process alive, and a test that forgets to close a database must not hang CI.
 */
export async function stopCheckpoints(): Promise<void> {
  if (!worker) return;
  const w = worker;
  w.removeAllListeners('exit');
  fallBack();
  failed = false;
  connections.clear();
  await w.terminate();
}
