/**
 * What a transaction did outside its database and must undo when it rolls back: a stock hold another service
 * granted over HTTP for a sale that then failed (a credit limit, a lost deadlock run again under a new id). Left
 * alone such a hold would keep the last units from the next sale until it lapses. The owner of the transaction
 * runs the undos once it rolled back (`transact` in service.ts; a savepoint's owner for its own); an undo that
 * fails is the lapse's to clear.
 */
const undos = new WeakMap<object, (() => Promise<void>)[]>();

/** Asks for `undo` if `trx` rolls back. */
export function onRollback(trx: object, undo: () => Promise<void>): void {
  const list = undos.get(trx) ?? [];
  list.push(undo);
  undos.set(trx, list);
}

/** `trx` rolled back: runs its undos, newest first, each once. */
export async function rolledBack(trx: object): Promise<void> {
  const list = undos.get(trx) ?? [];
  undos.delete(trx);
  for (const undo of list.reverse()) await undo().catch(() => undefined);
}

/** A savepoint `inner` was released into `outer`: its undos are now the outer transaction's. */
export function handOverUndos(inner: object, outer: object): void {
  for (const undo of undos.get(inner) ?? []) onRollback(outer, undo);
  undos.delete(inner);
}
