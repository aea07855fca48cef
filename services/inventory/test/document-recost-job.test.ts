import { engines } from '../../../tests/support/databases';
import { costingFixture, type CostingFixture } from './support/costing-fixture';

/**
 * The document read names the background re-costing its save started (issue 11): after a reload the document
 * screen follows the job as the save's answer did, and once the job ends the read names none.
 */
process.env.ERP_RECOST_INLINE_LIMIT = '4';

describe.each(engines())('a stock document read names its re-costing job on %s', (engine) => {
  let f: CostingFixture;
  beforeAll(async () => {
    f = await costingFixture(engine);
  });
  afterAll(async () => f?.stop());

  const day = (d: number) => `${f.year}-03-${String(d).padStart(2, '0')}`;
  const inventory = () => f.app.embedded.services.inventory!;
  const read = async (id: string) =>
    (await f.app.api.get(`/api/AdditionOrders/${id}`).set(f.headers())).body as {
      id: string;
      recostJobId?: string | null;
      jobId?: string | null;
    };
  const add = (store: string, date: string, item: string, quantity: string) =>
    f.create('/api/AdditionOrders', {
      date,
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, quantity, unitCost: '2.5' }],
    });

  it('names the pending job of its items and stores, and none once the job has ended', async () => {
    const store = await f.store();
    const item = await f.item();
    const other = await f.item();
    // six later movements, more than the limit of four
    const history = [];
    for (let d = 10; d < 16; d++) history.push(await add(store, day(d), item, '3'));
    const unrelated = await add(store, day(2), other, '1');
    await inventory().deps.jobs.stop();
    let saved: { id: string; jobId?: string | null };
    try {
      saved = await add(store, day(3), item, '7');
      expect(saved.jobId).toEqual(expect.any(String));
      // a reload: the read names the job the save answered with, and it is not the close's job
      const now = await read(saved.id);
      expect(now.recostJobId).toBe(saved.jobId);
      expect(now.jobId).toBeUndefined();
      // a document whose items and stores are not being re-costed names none
      expect((await read(unrelated.id)).recostJobId).toBeUndefined();
      // a later document of the same item and store: its values are being re-costed by the same job
      expect((await read(history[2]!.id)).recostJobId).toBe(saved.jobId);
    } finally {
      await inventory().deps.jobs.start();
    }
    for (let i = 0; i < 600 && (await read(saved.id)).recostJobId; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await read(saved.id)).recostJobId).toBeUndefined();
    // the job ends in the chunk after the one that cleared its last row
    const status = async () =>
      String((await f.db()('jobs').where({ id: saved.jobId }).first('status')).status);
    for (let i = 0; i < 600 && ['queued', 'running'].includes(await status()); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await status()).toBe('succeeded');
  }, 120_000);
});
