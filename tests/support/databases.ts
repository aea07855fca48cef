import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropMysqlDatabase, type DbConfig } from '@erp/service-kit';

export type Engine = 'sqlite' | 'mysql';

export interface TestDatabases {
  engine: Engine;
  /** A fresh database for a service (or any name). */
  config(name: string): DbConfig;
  cleanup(): Promise<void>;
}

/** The engines every store test runs on: SQLite always, MySQL/MariaDB when ERP_TEST_MYSQL_URL is set. */
export function engines(): Engine[] {
  return process.env.ERP_TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
}

export function testDatabases(engine: Engine): TestDatabases {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'erp-test-'));
    return {
      engine,
      config: (name) => ({ client: 'sqlite', filename: path.join(dir, `${name}.sqlite`) }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.ERP_TEST_MYSQL_URL as string;
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const created = new Set<string>();
  return {
    engine,
    config: (name) => {
      const database = `${prefix}_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
      created.add(database);
      return { client: 'mysql', url, database };
    },
    cleanup: async () => {
      for (const database of created) await dropMysqlDatabase(url, database);
    },
  };
}
