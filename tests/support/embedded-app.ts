import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startEmbedded, type Embedded } from '@erp/runner';
import { testDatabases, type Engine } from './databases';
import { fromMysqlTemplate, fromSqliteTemplate, TEMPLATED } from './database-templates';

export const PROVIDER_KEY = 'test-provider-key-0123456789';
export const ADMIN_PASSWORD = 'Adm1n!Secret';

export interface TestApp {
  embedded: Embedded;
  api: ReturnType<typeof request>;
  /** Publishes every pending outbox row of every service (what the relay does on its own, now). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** The embedded product on a free port, its services on the chosen engine, relays polling slowly. */
export async function startTestApp(
  engine: Engine,
  options: { loginRateLimit?: number } = {},
): Promise<TestApp> {
  const dbs = testDatabases(engine);
  // the databases are copies of migrated templates (database-templates.ts): a start without their migrations
  for (const name of TEMPLATED) {
    const config = dbs.config(name);
    if (config.client === 'mysql') await fromMysqlTemplate(config.url, name, config.database);
    else await fromSqliteTemplate(name, config.filename);
  }
  const embedded = await startEmbedded({
    dataDir: mkdtempSync(path.join(tmpdir(), 'erp-app-')),
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: ADMIN_PASSWORD, ERP_PROVIDER_KEY: PROVIDER_KEY },
    loginRateLimit: options.loginRateLimit ?? 10_000,
    relayPollMs: 60_000,
    database: (name) => dbs.config(name),
  });
  const flush = async () => {
    for (let i = 0; i < 3; i++) for (const s of Object.values(embedded.services)) await s.relay.flush();
  };
  return {
    embedded,
    api: request(embedded.url),
    flush,
    async stop() {
      await embedded.stop();
      await dbs.cleanup();
    },
  };
}

export async function login(app: TestApp, userName: string, password: string) {
  const res = await app.api.post('/api/Users/auth').send({ userName, password });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    token: string;
    refreshToken: string;
    userId: string;
    defaultBranchId: string;
    isNewTenant: boolean;
  };
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}
