import type { TillSale, TillSaleInput } from '@erp/contracts';

/** A sale made at the till and kept until the server has it (its receipt already final). */
export interface OutboxEntry {
  uuid: string;
  counter: number;
  number: string;
  input: TillSaleInput;
}

/** Where the till keeps what waits (IndexedDB in the browser, a Map in the tests). */
export interface OutboxStore {
  /** The waiting sales, oldest (lowest counter) first. */
  waiting(): Promise<OutboxEntry[]>;
  /** The server has it: out of the queue; a kept one (needsAttention) is remembered to be shown. */
  delivered(entry: OutboxEntry, answer: TillSale): Promise<void>;
}

/** The server, as the till sees it. */
export interface TillServer {
  /** POST /api/PointOfSale/Sales with `Idempotency-Key: uuid`. */
  send(
    entry: OutboxEntry,
  ): Promise<{ ok: true; sale: TillSale } | { ok: false; status: number; code?: string | undefined }>;
  /** GET /api/PointOfSale/Tills/:id: the last counter the server holds. */
  serverCounter(tillId: string): Promise<number>;
}

export interface FlushResult {
  sent: number;
  kept: TillSale[];
  /** Why the flush stopped with sales still waiting (offline, a refusal the till cannot fix). */
  stopped: 'offline' | 'refused' | null;
}

/**
 * Sends the till's waiting sales in the till's order, each with its uuid as its Idempotency-Key (issue 15
 * deliverable 7): a network failure stops and leaves everything in the queue (nothing is lost, nothing is sent
 * twice: a resend of what arrived answers the first answer); a 409 tillChainGap means the server holds more or
 * less than the till thought (another tab sent, an answer was lost): the till asks where the server stands, drops
 * what it already holds and goes on from there. A sale the server keeps for a supervisor is shown, never dropped.
 */
export async function flushOutbox(store: OutboxStore, server: TillServer): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, kept: [], stopped: null };
  let resyncs = 0;
  for (;;) {
    const waiting = await store.waiting();
    const next = waiting[0];
    if (!next) return result;
    let answer: Awaited<ReturnType<TillServer['send']>>;
    try {
      answer = await server.send(next);
    } catch {
      return { ...result, stopped: 'offline' };
    }
    if (answer.ok) {
      await store.delivered(next, answer.sale);
      result.sent += 1;
      if (answer.sale.status === 'needsAttention') result.kept.push(answer.sale);
      resyncs = 0;
      continue;
    }
    if (answer.status === 409 && answer.code === 'tillChainGap' && resyncs < 2) {
      resyncs += 1;
      let held: number;
      try {
        held = await server.serverCounter(next.input.tillId);
      } catch {
        return { ...result, stopped: 'offline' };
      }
      // what the server already holds reached it (another tab, a lost answer): each resend answers as the first did
      const arrived = waiting.filter((e) => e.counter <= held);
      for (const e of arrived) {
        const again = await server.send(e).catch(() => null);
        if (!again) return { ...result, stopped: 'offline' };
        if (again.ok) {
          await store.delivered(e, again.sale);
          if (again.sale.status === 'needsAttention') result.kept.push(again.sale);
        }
      }
      continue;
    }
    if (answer.status >= 500 || answer.status === 0 || answer.status === 401 || answer.status === 503)
      return { ...result, stopped: 'offline' };
    return { ...result, stopped: 'refused' };
  }
}
