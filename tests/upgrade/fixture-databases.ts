import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import mysql from 'mysql2/promise';
import { dropMysqlDatabase, type DbConfig } from '@erp/service-kit';
import type { Engine } from '../support/databases';

const root = path.join(__dirname, 'fixtures');

/** The fixtures' demo admin password and provider key (the generator starts the product with them). */
export const FIXTURE_ADMIN_PASSWORD = 'Adm1n!Fixture';
export const FIXTURE_PROVIDER_KEY = 'fixture-provider-key-0123456789';

/** Every service database a fixture holds, the gateway's own included. */
export const fixtureServices = [
  'gateway',
  'identity',
  'accounts',
  'sales',
  'purchases',
  'inventory',
  'restaurant',
  'concrete',
] as const;
export type FixtureService = (typeof fixtureServices)[number];

/** The committed fixtures, oldest first (their names start with the year and month they were made). */
export function fixtureVersions(): string[] {
  return readdirSync(root).sort();
}

export interface FixtureDatabases {
  config(service: FixtureService): DbConfig;
  cleanup(): Promise<void>;
}

/** A private copy of a fixture on the engine: SQLite files unpacked in a temporary folder, or dumps loaded. */
export async function loadFixture(engine: Engine, version: string): Promise<FixtureDatabases> {
  const dir = path.join(root, version, engine);
  if (!existsSync(dir)) throw new Error(`fixture ${version} has no ${engine} databases`);
  if (engine === 'sqlite') {
    const work = mkdtempSync(path.join(tmpdir(), 'erp-upgrade-'));
    for (const name of fixtureServices)
      writeFileSync(
        path.join(work, `${name}.sqlite`),
        gunzipSync(readFileSync(path.join(dir, `${name}.sqlite.gz`))),
      );
    return {
      config: (name) => ({ client: 'sqlite', filename: path.join(work, `${name}.sqlite`) }),
      cleanup: async () => rmSync(work, { recursive: true, force: true }),
    };
  }
  const url = process.env.ERP_TEST_MYSQL_URL as string;
  const prefix = `up${randomBytes(4).toString('hex')}`;
  const database = (name: string) => `${prefix}_${name}`;
  const conn = await mysql.createConnection({ uri: url, multipleStatements: true, charset: 'utf8mb4' });
  try {
    for (const name of fixtureServices) {
      await conn.query(
        `CREATE DATABASE \`${database(name)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      await conn.query(`USE \`${database(name)}\``);
      await conn.query(readFileSync(path.join(dir, `${name}.sql`), 'utf8'));
    }
  } finally {
    await conn.end();
  }
  return {
    config: (name) => ({ client: 'mysql', url, database: database(name) }),
    cleanup: async () => {
      for (const name of fixtureServices) await dropMysqlDatabase(url, database(name));
    },
  };
}
