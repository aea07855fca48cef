import { randomBytes } from 'node:crypto';
import { serviceModules } from '@erp/runner/src/modules';
import {
  createLogger,
  createTokenService,
  dropMysqlDatabase,
  InProcessBus,
  startService,
} from '@erp/service-kit';

/**
 * Issue 10 item 5: several replicas of a service starting at once on an empty database all come up (one migrates
 * and seeds; the others wait for the migration lock and find the seed done), and the seed happens once.
 */
const root = process.env.ERP_TEST_MYSQL_URL;

describe('replicas starting together on an empty MySQL database', () => {
  // MySQL only (CI always has it): SQLite files are one process's each. Three processes migrate one database in
  // turn (the knex lock): on a busy machine that took longer than a minute, hence the generous limit.
  if (root)
    it('all come up, with one demo tenant', async () => {
      const database = `t${randomBytes(4).toString('hex')}_identity`;
      const tokens = createTokenService(randomBytes(32).toString('hex'));
      const start = () =>
        startService(serviceModules.identity, {
          db: { client: 'mysql', url: root, database },
          bus: new InProcessBus(),
          tokens,
          logger: createLogger('replica'),
          env: { ERP_ADMIN_PASSWORD: 'Adm1n!Secret' },
          relayPollMs: 60_000,
        });
      const started = await Promise.allSettled([start(), start(), start()]);
      try {
        // a refused start shows its reason in the failure
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : s.status))).toEqual([
          'fulfilled',
          'fulfilled',
          'fulfilled',
        ]);
        const first = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof start>>>).value;
        expect(Number((await first.db('tenants').count({ n: '*' }))[0]!.n)).toBe(1);
        expect(Number((await first.db('users').where({ user_name: 'admin' }).count({ n: '*' }))[0]!.n)).toBe(
          1,
        );
      } finally {
        for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
        await dropMysqlDatabase(root, database);
      }
    }, 180_000);
});
