import type { Db } from '@erp/service-kit';

/** Waits until no re-costing job is queued or running, looking every `everyMs`. */
export async function recostJobsDone(db: Db, everyMs: number): Promise<void> {
  for (;;) {
    const [r] = (await db('jobs')
      .where({ kind: 'inventory.recost' })
      .whereIn('status', ['queued', 'running'])
      .count({ n: '*' })) as { n: number | string }[];
    if (Number(r!.n) === 0) return;
    await new Promise((done) => setTimeout(done, everyMs));
  }
}
