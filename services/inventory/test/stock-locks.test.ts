import { tenantScope, type RequestContext } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { lockHoldings, pairKey } from '../src/ledger/recost';
import { holdStock } from '../src/stock-holds';
import { costingFixture, type CostingFixture } from './support/costing-fixture';

/**
 * The stock rows' locks (MySQL; SQLite has one writer): postings (`lockHoldings`, which every stock booking takes)
 * and sales' stock holds (`holdStock`, negative stock refused) of the same items, at once and each listing them in
 * its own order, must never deadlock. A deadlock is run again by the service's transactor, but under load every
 * attempt met one (`INSERT IGNORE` share-locked the rows a FOR UPDATE then upgraded, and holds locked in the
 * lines' order): bench:flow's distributed cells failed with 503s. Here each transaction runs bare, not retried,
 * so a single deadlock fails the test; found with the old code on MariaDB in every round.
 */
describe.each(engines())('stock locks on %s', (engine) => {
  let f: CostingFixture;
  let store = '';
  const items: string[] = [];
  let tenantId = '';

  beforeAll(async () => {
    f = await costingFixture(engine);
    store = await f.store();
    for (let i = 0; i < 5; i++) items.push(await f.item('1'));
    tenantId = String((await f.db()('md_items').first('tenant_id')).tenant_id);
    await f.external({
      date: `${f.year}-01-02`,
      lines: items.map((itemId) => ({
        itemId,
        unitId: f.units.piece,
        storeId: store,
        quantity: '1000000',
        direction: 'in',
        unitCost: '1',
      })),
    });
  }, 120_000);
  afterAll(async () => f?.stop());

  /** A fixed-seed shuffle (each transaction its own order of the same items). */
  function shuffled<T>(xs: readonly T[], seed: number): T[] {
    const out = [...xs];
    let x = seed * 2654435761 + 1;
    for (let i = out.length - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const j = x % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  const ctx = () => ({ branchId: f.admin.defaultBranchId }) as RequestContext;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

  it('postings and holds of the same items at once, in any order, never deadlock', async () => {
    const ROUNDS = 5;
    const AT_ONCE = 12;
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.allSettled(
        Array.from({ length: AT_ONCE }, (_, n) =>
          f.db().transaction(async (trx) => {
            const s = tenantScope(trx, tenantId);
            const order = shuffled(items, round * AT_ONCE + n + 1);
            if (n % 2 === 0)
              await lockHoldings(
                s,
                order.map((itemId) => pairKey(itemId, store)),
              );
            else {
              const held = await holdStock(s, ctx(), {
                sourceService: 'sales',
                documentType: 'salesInvoices',
                documentId: `lock-test-${round}-${n}`,
                lines: order.map((itemId) => ({
                  itemId,
                  unitId: f.units.piece,
                  storeId: store,
                  quantity: '1',
                })),
              });
              expect(held.shortages).toEqual([]);
            }
            // held a moment, as a booking or an issue holds them to its commit
            await pause();
          }),
        ),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    }
    // every hold granted is there, one row per item
    expect(Number((await f.db()('stock_holds').count({ n: '*' }).first())!.n)).toBe(
      ROUNDS * (AT_ONCE / 2) * items.length,
    );
  }, 120_000);

  it('short lines are named in line order whatever order their rows were locked in', async () => {
    // ids are made in time order: the later item is locked first only if the lines' order were kept
    const [early, late] = [await f.item('1'), await f.item('1')];
    const held = await f.db().transaction((trx) =>
      holdStock(tenantScope(trx, tenantId), ctx(), {
        sourceService: 'sales',
        documentType: 'salesInvoices',
        documentId: 'lock-test-short',
        lines: [
          { itemId: late, unitId: f.units.piece, storeId: store, quantity: '2' },
          { itemId: items[4]!, unitId: f.units.piece, storeId: store, quantity: '1' },
          { itemId: early, unitId: f.units.box, storeId: store, quantity: '1' },
        ],
      }),
    );
    expect(held.shortages).toEqual([
      { line: 0, available: '0' },
      { line: 2, available: '0' },
    ]);
  });
});
