/**
 * Who writes to an SQLite file, between the service's own connection and its job thread's (jobs/job-thread.ts).
 * SQLite lets one writer in at a time, but a second one waits in a busy handler that sleeps and retries: the
 * service's thread (the event loop of every request) slept up to a second while the job thread, committing
 * chunk after chunk, took the lock again each time first. And a transaction that read before the other
 * connection committed fails at its first write without waiting (a stale snapshot). So each connection passes
 * this gate before a write transaction (or a write outside one) and leaves it when that ends: one writer at a
 * time, woken at once when the other leaves, the service first (the thread lets it in between its chunks).
 */
export type Writer = 'service' | 'thread';

const OWNER = 0;
const SERVICE_WAITING = 1;
/** When the service last left (ms, Date.now() in 31 bits): its writes come in runs, a few microtasks apart. */
const SERVICE_LEFT = 2;
/** The thread lets the service's run of writes finish: it goes in this long after the service's last. */
const HOLD_OFF_MS = 2;
/** ... but never waits longer than this for its turn while the service keeps writing. */
const THREAD_PATIENCE_MS = 50;
const now31 = () => Date.now() & 0x7fffffff;
// Node has had it since 16; TypeScript's lib names it from es2024
const waitAsync = (
  Atomics as unknown as {
    waitAsync(a: Int32Array, i: number, v: number, ms: number): { async: boolean; value: unknown };
  }
).waitAsync;
const FREE = 0;
const CODE: Record<Writer, number> = { service: 1, thread: 2 };

/** A gate's shared memory: made with the service's connection, handed to its job thread. */
export const newWriteGate = () => new SharedArrayBuffer(12);

export class WriteGate {
  private readonly word: Int32Array;
  /** Runs after this writer leaves (outside the gate): the job thread's connection copies its log then. */
  afterLeave: (() => void) | null = null;

  constructor(
    memory: SharedArrayBuffer,
    private readonly writer: Writer,
  ) {
    this.word = new Int32Array(memory);
  }

  /** This writer is in (its connection entered already: a statement of its transaction, a write let in early). */
  private isIn(): boolean {
    return Atomics.load(this.word, OWNER) === CODE[this.writer];
  }

  /**
   * Waits without blocking the event loop until the service is in (its knex writes and transactions, through
   * `gateKnex`); the statement that follows finds it in already.
   */
  async enterAsync(): Promise<void> {
    if (this.isIn()) return;
    Atomics.add(this.word, SERVICE_WAITING, 1);
    try {
      for (;;) {
        if (Atomics.compareExchange(this.word, OWNER, FREE, CODE.service) === FREE) return;
        const owner = Atomics.load(this.word, OWNER);
        const waited = waitAsync(this.word, OWNER, owner, 100);
        if (waited.async) await waited.value;
      }
    } finally {
      Atomics.sub(this.word, SERVICE_WAITING, 1);
    }
  }

  /**
   * The service's turn, asked before a write outside a transaction takes the service's one connection: waits
   * without entering and without blocking the event loop until the job thread does not hold the gate, and keeps
   * the thread from starting another turn (within its patience) until `done` is called once the write has run.
   * A write that waited at the gate with the connection taken held every read of the service behind it (the
   * relay marking its batches sent: a third of the time while a re-costing job ran, its waits up to 58 ms).
   */
  async turn(): Promise<() => void> {
    Atomics.add(this.word, SERVICE_WAITING, 1);
    let waiting = true;
    const done = () => {
      if (waiting) Atomics.sub(this.word, SERVICE_WAITING, 1);
      waiting = false;
    };
    try {
      for (;;) {
        const owner = Atomics.load(this.word, OWNER);
        if (owner === FREE || owner === CODE.service) return done;
        const waited = waitAsync(this.word, OWNER, owner, 100);
        if (waited.async) await waited.value;
      }
    } catch (error) {
      done();
      throw error;
    }
  }

  /** Waits (blocking this thread, at most one transaction of the other writer) until this writer is in. */
  enter(): void {
    if (this.isIn()) return;
    const me = CODE[this.writer];
    const service = this.writer === 'service';
    if (service) Atomics.add(this.word, SERVICE_WAITING, 1);
    const since = Date.now();
    try {
      for (;;) {
        // the thread lets a waiting or writing service in first (the service waits for one chunk at most),
        // unless the service has kept it out for THREAD_PATIENCE_MS
        const yielding =
          !service &&
          Date.now() - since < THREAD_PATIENCE_MS &&
          (Atomics.load(this.word, SERVICE_WAITING) > 0 ||
            ((now31() - Atomics.load(this.word, SERVICE_LEFT)) & 0x7fffffff) < HOLD_OFF_MS);
        if (!yielding && Atomics.compareExchange(this.word, OWNER, FREE, me) === FREE) return;
        const owner = Atomics.load(this.word, OWNER);
        Atomics.wait(this.word, OWNER, owner, owner === FREE ? 1 : 100);
      }
    } finally {
      if (service) Atomics.sub(this.word, SERVICE_WAITING, 1);
    }
  }

  leave(): void {
    if (Atomics.compareExchange(this.word, OWNER, CODE[this.writer], FREE) !== CODE[this.writer]) return;
    if (this.writer === 'service') Atomics.store(this.word, SERVICE_LEFT, now31());
    Atomics.notify(this.word, OWNER);
    this.afterLeave?.();
  }
}

interface GatedStatement {
  /** SQLite's own word (sqlite3_stmt_readonly): false for a statement that writes (an insert returning rows too). */
  readonly readonly: boolean;
  run(...bindings: unknown[]): unknown;
  all(...bindings: unknown[]): unknown;
  get(...bindings: unknown[]): unknown;
}
interface GatedConnection {
  readonly inTransaction: boolean;
  transaction(fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown;
}

// SQLite counts BEGIN, COMMIT and ROLLBACK as read-only statements; they open and close a writer's turn
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback)\b/i;

/**
 * Puts a statement's writes behind the gate: a write outside a transaction, or the BEGIN of one, enters;
 * whatever leaves the connection outside a transaction (its COMMIT or ROLLBACK, the write itself) leaves.
 */
export function gateStatement(
  statement: GatedStatement,
  sql: string,
  conn: GatedConnection,
  gate: WriteGate,
): void {
  if (statement.readonly && !TRANSACTION_CONTROL.test(sql)) return;
  const gated =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      if (!conn.inTransaction) gate.enter();
      try {
        return call(...args);
      } finally {
        if (!conn.inTransaction) gate.leave();
      }
    };
  statement.run = gated(statement.run.bind(statement));
  statement.all = gated(statement.all.bind(statement));
  statement.get = gated(statement.get.bind(statement));
}

/** better-sqlite3's own transactions (`conn.transaction(fn)`) begin and end natively: gated around the call. */
export function gateTransactions(conn: GatedConnection, gate: WriteGate): void {
  const transaction = conn.transaction.bind(conn);
  (conn as { transaction: GatedConnection['transaction'] }).transaction = (fn) => {
    const run = transaction(fn);
    return (...args: unknown[]) => {
      if (conn.inTransaction) return run(...args);
      gate.enter();
      try {
        return run(...args);
      } finally {
        gate.leave();
      }
    };
  };
}

interface KnexClient {
  query(conn: GatedConnection, query: { sql?: string; method?: string }): Promise<unknown>;
  transaction(...args: unknown[]): { begin(conn: unknown): Promise<unknown> };
}

const READS = new Set(['select', 'first', 'pluck', 'columnInfo']);

/**
 * The service's knex queries wait for the gate without blocking its event loop: a write outside a transaction
 * before its statement runs, a transaction before its BEGIN (knex awaits `begin`). The statement then finds its
 * connection in (`enter` lets the owner through); reads never wait.
 */
export function gateKnex(client: KnexClient, gate: WriteGate): void {
  const query = client.query.bind(client);
  client.query = async (conn, q) => {
    if (!conn.inTransaction && !READS.has(String(q.method)) && !/^\s*select\b/i.test(q.sql ?? ''))
      await gate.enterAsync();
    try {
      return await query(conn, q);
    } finally {
      // a query that failed before its statement ran leaves the gate too
      if (!conn.inTransaction) gate.leave();
    }
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: unknown[]) => {
    const trx = transaction(...args);
    const begin = trx.begin.bind(trx);
    trx.begin = async (conn) => {
      await gate.enterAsync();
      try {
        return await begin(conn);
      } finally {
        if (!(conn as GatedConnection).inTransaction) gate.leave();
      }
    };
    return trx;
  };
}
