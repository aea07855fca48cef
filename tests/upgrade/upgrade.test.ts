import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '@erp/runner';
import { openDatabase } from '@erp/service-kit';
import { engines } from '../support/databases';
import {
  FIXTURE_ADMIN_PASSWORD,
  FIXTURE_PROVIDER_KEY,
  fixtureServices,
  fixtureVersions,
  loadFixture,
  type FixtureService,
} from './fixture-databases';
import { freshSchemas } from './fresh-install';
import { readRows, type TableRows } from './rows';
import { readSchema, type SchemaShape } from './schema';

/**
 * Tables whose rows an upgrade changes on purpose, with why; every other row of a fixture must come out of the
 * upgrade exactly as it went in. A migration that rewrites rows adds its table here and says so.
 */
const appendedByUpgrades: Record<string, string> = {
  knex_migrations: 'each upgrade records the migrations it ran; the rows of earlier runs stay',
  // issue 12 ('a new tenant ready to work'): tenants made before get the starter records they lack
  md_customers: 'a tenant without a cash customer gets one',
  md_taxes: 'a tenant without the standard, zero-rated or exempt VAT gets it',
  md_stores: 'a tenant without a store on its master branch gets the default store',
  // issue 14: starter records are announced like any other record, and other services keep replicas of them
  outbox: 'the starter records given at the upgrade are announced (`<service>.masterData.changed`)',
  inbox: 'the services keeping replicas of main data record the events they applied',
};

/**
 * Tables an upgrade rewrites rows of on purpose (keeping every row), with why: the rows' count is compared.
 */
const rewrittenByUpgrades: Record<string, string> = {
  // issue 13 (identity_0005_branch_account_links): the master and default branches get the default chart's links
  branches: "a tenant's master and default branches get their links to the default chart's accounts",
};

describe.each(engines())('upgrading a database made by an earlier version, on %s', (engine) => {
  let fresh: Record<string, SchemaShape>;
  beforeAll(async () => {
    fresh = await freshSchemas(engine);
  });

  it.each(fixtureVersions())(
    'the product starts on fixture %s, keeps every row and ends with a fresh install’s schema',
    async (version) => {
      const fixture = await loadFixture(engine, version);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-upgrade-app-'));
      try {
        const before: Record<string, Record<string, TableRows>> = {};
        for (const name of fixtureServices) {
          const db = await openDatabase(fixture.config(name));
          before[name] = await readRows(db);
          await db.destroy();
        }

        const embedded = await startEmbedded({
          dataDir,
          port: 0,
          jwtSecret: randomBytes(32).toString('hex'),
          env: { ERP_PROVIDER_KEY: FIXTURE_PROVIDER_KEY },
          relayPollMs: 60_000,
          database: (name) => fixture.config(name as FixtureService),
        });
        try {
          for (const name of fixtureServices) {
            const db = embedded.services[name]!.db;
            const kept = before[name]!;
            const after = await readRows(
              db,
              Object.fromEntries(Object.entries(kept).map(([table, t]) => [table, t.columns])),
            );
            for (const [table, { rows }] of Object.entries(kept)) {
              if (appendedByUpgrades[table]) expect(after[table]!.rows).toEqual(expect.arrayContaining(rows));
              else if (rewrittenByUpgrades[table]) expect(after[table]!.rows).toHaveLength(rows.length);
              else
                expect({ table: `${name}.${table}`, rows: after[table]?.rows }).toEqual({
                  table: `${name}.${table}`,
                  rows,
                });
            }
            expect({ service: name, schema: await readSchema(db) }).toEqual({
              service: name,
              schema: fresh[name],
            });
          }
          // and it serves the upgraded data: the fixture's admin signs in and finds the fixture's item (the
          // demo tenant's year of subscription from the fixture's day is renewed first, so this holds later on)
          const admin = (await embedded.services
            .identity!.db('users')
            .where({ user_name: 'admin' })
            .first('tenant_id')) as { tenant_id: string };
          const renewed = await fetch(
            `${embedded.url}/api/provider/tenants/${admin.tenant_id}/subscription`,
            {
              method: 'PUT',
              headers: { 'Content-Type': 'application/json', 'X-Provider-Key': FIXTURE_PROVIDER_KEY },
              body: JSON.stringify({
                subscriptionStart: '2020-01-01',
                subscriptionEnd: '2099-12-31',
                active: true,
              }),
            },
          );
          expect(renewed.status).toBe(200);
          for (const s of Object.values(embedded.services)) await s.relay.flush();
          const auth = await fetch(`${embedded.url}/api/Users/auth`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ userName: 'admin', password: FIXTURE_ADMIN_PASSWORD }),
          });
          expect(auth.status).toBe(200);
          const session = (await auth.json()) as { token: string; defaultBranchId: string };
          const item = await fetch(`${embedded.url}/api/Items/barcode/6281000000024`, {
            headers: { Authorization: `Bearer ${session.token}`, BranchId: session.defaultBranchId },
          });
          expect(item.status).toBe(200);
          expect(((await item.json()) as { conversionRate: string }).conversionRate).toBe('12');
          // a tenant from before the chart of accounts gets the default chart at the upgraded start (issue 13)
          const chart = await fetch(`${embedded.url}/api/Accounts/tree`, {
            headers: { Authorization: `Bearer ${session.token}`, BranchId: session.defaultBranchId },
          });
          expect(chart.status).toBe(200);
          const accounts = ((await chart.json()) as { items: { code: string; parentId: string | null }[] })
            .items;
          expect(accounts.length).toBeGreaterThan(50);
          expect(accounts.filter((a) => a.parentId === null).map((a) => a.code)).toEqual([
            '1',
            '2',
            '3',
            '4',
            '5',
          ]);
        } finally {
          await embedded.stop();
        }
      } finally {
        await fixture.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
