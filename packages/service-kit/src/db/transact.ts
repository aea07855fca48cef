import { isLockConflict, type Db, type Trx } from './database';
import { rolledBack } from './rollback-hooks';

/** Attempts of a request's transaction that loses to another over locks (MySQL deadlock or lock wait). */
export const LOCK_CONFLICT_ATTEMPTS = 5;

/**
 * Runs `attempt` again when its transaction lost a deadlock or a lock wait: the database rolled it back whole,
 * so running the work again from the start is the same request, not a second one (an idempotency key inside it
 * was rolled back too). Without this a user saving while a re-costing job or another save held the same rows
 * got a 500. The pause grows and is jittered, so two losers do not meet again at once.
 */
export async function retryLockConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLockConflict(error) || n >= LOCK_CONFLICT_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, 10 * 2 ** n + Math.floor(Math.random() * 20)));
    }
  }
}

/**
 * A service's `transact`: `work` in a transaction, run again if it lost over locks; what an attempt did
 * outside the database is undone when it rolls back (a stock hold of a sale that failed); `committed` is told
 * of the transaction that committed (the relay wakes: the work may have written events).
 */
export function transactor(
  db: Db,
  committed: (trx: object | null) => void,
): <T>(work: (trx: Trx) => Promise<T>) => Promise<T> {
  return async (work) => {
    let used: object | null = null;
    const result = await retryLockConflicts(async () => {
      let attempt: object | null = null;
      try {
        return await db.transaction((trx) => {
          used = attempt = trx;
          return work(trx);
        });
      } catch (error) {
        if (attempt) await rolledBack(attempt);
        throw error;
      }
    });
    committed(used);
    return result;
  };
}
