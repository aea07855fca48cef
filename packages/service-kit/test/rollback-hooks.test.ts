import { handOverUndos, onRollback, rolledBack } from '../src';

/** What a transaction did outside its database, undone when it rolls back (db/rollback-hooks.ts). */
describe('undos of a transaction that rolled back', () => {
  it('runs them newest first, each once, and goes on past one that fails', async () => {
    const trx = {};
    const ran: string[] = [];
    onRollback(trx, async () => {
      ran.push('hold A');
    });
    onRollback(trx, async () => {
      throw new Error('inventory unreachable: the hold lapses');
    });
    onRollback(trx, async () => {
      ran.push('hold C');
    });
    await rolledBack(trx);
    expect(ran).toEqual(['hold C', 'hold A']);
    await rolledBack(trx);
    expect(ran).toEqual(['hold C', 'hold A']);
  });

  it("hands a released savepoint's undos to its transaction, and another transaction's stay apart", async () => {
    const outer = {};
    const savepoint = {};
    const other = {};
    const ran: string[] = [];
    onRollback(savepoint, async () => {
      ran.push('sale');
    });
    onRollback(other, async () => {
      ran.push('other');
    });
    handOverUndos(savepoint, outer);
    await rolledBack(savepoint);
    expect(ran).toEqual([]);
    await rolledBack(outer);
    expect(ran).toEqual(['sale']);
  });
});
