import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { migrate, migrationsOf, openDatabase, type Migration } from '@erp/service-kit';
import { gatewayModule } from '../../gateway/src';
import { serviceModules } from '../../services/runner/src/modules';

/**
 * The product's databases for a test app, made by copying a migrated template instead of migrating each anew:
 * the migrations of the eight databases take about 2.5 s on MariaDB (a copy under 1 s) and a quarter of a second
 * on SQLite (a file copy: milliseconds), and the test suite starts some 150 apps. A template is made once per
 * machine by the real migrations, named by a hash of their names and code (a changed or added migration makes a
 * new one); the service's own start still runs `migrate`, which finds every migration applied, as on any restart.
 */
const MIGRATIONS: Readonly<Record<string, readonly Migration[]>> = {
  gateway: migrationsOf(gatewayModule().module),
  ...Object.fromEntries(Object.entries(serviceModules).map(([name, m]) => [name, migrationsOf(m)])),
};

/** The databases a template exists for: the gateway's and every service's. */
export const TEMPLATED = Object.keys(MIGRATIONS);

/** What every template of `name` is called before its hash: the other hashes' are older migrations' templates. */
const templatePrefix = (name: string) => `tmpl_${name}_`;
/** Whether a database or file is a template of `name` (of any migrations, or one being made): prefix, hash. */
const isTemplateOf = (name: string, database: string) =>
  new RegExp(`^${templatePrefix(name)}[0-9a-f]{12}($|\\.)`).test(database);

const templateName = (name: string) =>
  `${templatePrefix(name)}${createHash('sha256')
    .update(MIGRATIONS[name]!.map((m) => `${m.name}\n${m.up.toString()}`).join('\n'))
    .digest('hex')
    .slice(0, 12)}`;

/**
 * A template of older migrations is dropped once it is a day old: another checkout of an older revision may still
 * be running its tests from it (a worktree, a clean-clone CI run), but not for a day.
 */
const STALE_AFTER_MS = 24 * 3600_000;

/** Marks a template whole: made last, so a run stopped half-way leaves a template that is made again. */
const READY = 'zz_template_ready';

type Conn = mysql.Connection;

const tablesOf = async (conn: Conn, database: string) => {
  const [rows] = await conn.query(
    'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ?',
    [database],
  );
  return (rows as { t: string }[]).map((r) => r.t);
};

/** Drops `name`'s templates of other migrations, made over a day ago (their marker table's creation time). */
async function dropStaleMysqlTemplates(conn: Conn, name: string, current: string): Promise<void> {
  const [rows] = await conn.query(
    'SELECT table_schema AS d FROM information_schema.tables WHERE table_name = ? AND table_schema LIKE ? AND create_time < ?',
    [READY, `${templatePrefix(name).replace(/_/g, '\\_')}%`, new Date(Date.now() - STALE_AFTER_MS)],
  );
  for (const { d } of rows as { d: string }[])
    if (d !== current && isTemplateOf(name, d)) await conn.query(`DROP DATABASE IF EXISTS \`${d}\``);
}

async function ensureTemplate(conn: Conn, url: string, name: string): Promise<string> {
  const template = templateName(name);
  if ((await tablesOf(conn, template)).includes(READY)) return template;
  await conn.query(`DROP DATABASE IF EXISTS \`${template}\``);
  const db = await openDatabase({ client: 'mysql', url, database: template });
  try {
    await migrate(db, MIGRATIONS[name]!);
  } finally {
    await db.destroy();
  }
  await conn.query(`CREATE TABLE \`${template}\`.\`${READY}\` (id INT PRIMARY KEY)`);
  // a new template means new migrations: the older ones' copies are left to the runs still using them, for a day
  await dropStaleMysqlTemplates(conn, name, template);
  return template;
}

/**
 * Makes `database` a copy of `name`'s migrated template (its tables, indexes and rows: knex's bookkeeping of the
 * migrations applied). Templates are made under a lock, so jest workers starting together make each once.
 */
export async function fromMysqlTemplate(url: string, name: string, database: string): Promise<void> {
  const conn = await mysql.createConnection({ uri: url, multipleStatements: true });
  try {
    await conn.query("SELECT GET_LOCK('erp_test_templates', 300)");
    let template: string;
    try {
      template = await ensureTemplate(conn, url, name);
    } finally {
      await conn.query("SELECT RELEASE_LOCK('erp_test_templates')");
    }
    const tables = (await tablesOf(conn, template)).filter((t) => t !== READY);
    const q = (id: string) => `\`${id}\``;
    await conn.query(
      [
        `CREATE DATABASE ${q(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        ...tables.flatMap((t) => [
          `CREATE TABLE ${q(database)}.${q(t)} LIKE ${q(template)}.${q(t)}`,
          `INSERT INTO ${q(database)}.${q(t)} SELECT * FROM ${q(template)}.${q(t)}`,
        ]),
      ].join(';\n'),
    );
  } finally {
    await conn.end();
  }
}

/** SQLite's templates: files in the machine's temporary folder, each written whole under another name first. */
const SQLITE_TEMPLATES = path.join(tmpdir(), 'erp-test-templates');

/** Removes `name`'s template files of other migrations (and any left half-made) last written over a day ago. */
export function dropStaleSqliteTemplates(folder: string, name: string, current: string): void {
  for (const file of readdirSync(folder)) {
    const full = path.join(folder, file);
    if (!isTemplateOf(name, file) || full === current) continue;
    const written = statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - written > STALE_AFTER_MS) rmSync(full, { force: true });
  }
}

/** Makes the file `filename` a copy of `name`'s migrated template (made first if the machine has none). */
export async function fromSqliteTemplate(name: string, filename: string): Promise<void> {
  const template = path.join(SQLITE_TEMPLATES, `${templateName(name)}.sqlite`);
  if (!existsSync(template)) {
    mkdirSync(SQLITE_TEMPLATES, { recursive: true });
    const making = `${template}.${randomBytes(4).toString('hex')}`;
    const db = await openDatabase({ client: 'sqlite', filename: making });
    try {
      await migrate(db, MIGRATIONS[name]!);
      // the write-ahead log folded into the file and emptied: the one file is the whole database
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
    if (existsSync(`${making}-wal`) && statSync(`${making}-wal`).size > 0)
      throw new Error(`${making}: its write-ahead log is not empty after the checkpoint`);
    renameSync(making, template);
    for (const side of ['-wal', '-shm']) rmSync(`${making}${side}`, { force: true });
    dropStaleSqliteTemplates(SQLITE_TEMPLATES, name, template);
  }
  copyFileSync(template, filename);
}
