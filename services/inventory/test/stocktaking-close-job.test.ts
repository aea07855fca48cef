import { engines } from '../../../tests/support/databases';
import { costingFixture, type CostingFixture } from './support/costing-fixture';

/**
 * Closing a large stocktaking through the jobs mechanism (issue 10 item 7, the kit's close-job.ts): the close
 * answers at once with the job, a reload of the document names it, a second close or a change meanwhile is
 * the spec's 'active posting in progress', and the job's result and the closed document stay after it ends.
 * The limit is set low here so a count of four lines is a large one.
 */
process.env.ERP_CLOSE_INLINE_LINES = '3';

describe.each(engines())('closing a stocktaking as a job on %s', (engine) => {
  let f: CostingFixture;
  beforeAll(async () => {
    f = await costingFixture(engine);
  });
  afterAll(async () => f?.stop());

  const day = () => `${f.year}-03-10`;
  const inventory = () => f.app.embedded.services.inventory!;

  it('closes a large count in the background, one close at a time, the result kept', async () => {
    const store = await f.store();
    const items = [await f.item(), await f.item(), await f.item(), await f.item()];
    await f.create('/api/AdditionOrders', {
      date: `${f.year}-03-01`,
      storeId: store,
      lines: items.map((itemId) => ({ itemId, unitId: f.units.piece, quantity: '10', unitCost: '2' })),
    });
    const sheet = await f.create('/api/Stocktakings', {
      date: day(),
      storeId: store,
      lines: items.map((itemId, n) => ({ itemId, unitId: f.units.piece, countedQuantity: String(7 + n) })),
    });
    // no job runs for now: what a user sees while the close is queued
    await inventory().deps.jobs.stop();
    let jobId: string | undefined;
    try {
      const closing = await f.send('post', `/api/Stocktakings/${sheet.id}/close`);
      expect(closing.status).toBe(200);
      expect(closing.body.status).toBe('open');
      jobId = closing.body.jobId;
      expect(jobId).toEqual(expect.any(String));
      // a reload names the job
      const reloaded = await f.app.api.get(`/api/Stocktakings/${sheet.id}`).set(f.headers());
      expect(reloaded.body.jobId).toBe(jobId);
      // a second close, a change or a deletion meanwhile: 'active posting in progress'
      const again = await f.send('post', `/api/Stocktakings/${sheet.id}/close`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('The transaction has an active posting in progress');
      const edit = await f.send('put', `/api/Stocktakings/${sheet.id}`, {
        date: day(),
        storeId: store,
        lines: [{ itemId: items[0], unitId: f.units.piece, countedQuantity: '1' }],
      });
      expect(edit.status).toBe(409);
      expect(edit.body.detail).toBe('The transaction has an active posting in progress');
      expect((await f.send('delete', `/api/Stocktakings/${sheet.id}`)).status).toBe(409);
      // nothing is posted until the job runs
      expect((await f.balance(items[0]!, store)).quantity).toBe('10');
    } finally {
      await inventory().deps.jobs.start();
    }
    let job: { status: string; result: unknown; done: number; total: number } | null = null;
    for (let i = 0; i < 400; i++) {
      job = (await f.app.api.get(`/api/inventory/jobs/${jobId!}`).set(f.headers())).body;
      if (job && job.status !== 'queued' && job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(job).toEqual(
      expect.objectContaining({
        status: 'succeeded',
        done: 4,
        total: 4,
        result: expect.objectContaining({ id: sheet.id, status: 'closed', lines: 4 }),
      }),
    );
    const closed = await f.app.api.get(`/api/Stocktakings/${sheet.id}`).set(f.headers());
    expect(closed.body.status).toBe('closed');
    expect(closed.body.jobId).toBeUndefined();
    for (const [n, itemId] of items.entries())
      expect((await f.balance(itemId, store)).quantity).toBe(String(7 + n));
    // closed: a further close is refused as before
    expect((await f.send('post', `/api/Stocktakings/${sheet.id}/close`)).status).toBe(409);
  });

  it('closes a small count in the request, as before', async () => {
    const store = await f.store();
    const item = await f.item();
    const sheet = await f.create('/api/Stocktakings', {
      date: day(),
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, countedQuantity: '5' }],
    });
    const closed = await f.send('post', `/api/Stocktakings/${sheet.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.jobId).toBeUndefined();
    expect((await f.balance(item, store)).quantity).toBe('5');
  });
});
