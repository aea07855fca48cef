import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { openDatabase } from '@erp/service-kit';
import { mysqlUrl, requireSecret, secretEnv } from '@erp/runner/src/config';
import { COMPOSE_SECRETS, writeComposeSecrets } from '@erp/runner/src/compose-secrets';

/** Issue 10 item 5: secrets come from files, and each service connects as its own database user. */
describe('secrets of the distributed mode', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-secrets-'));

  it('reads a secret from <NAME>_FILE before <NAME>, and puts the password into MYSQL_URL', () => {
    const file = path.join(dir, 'pw');
    writeFileSync(file, 'p@ss/word\n');
    expect(secretEnv('X', { X_FILE: file, X: 'ignored' })).toBe('p@ss/word');
    expect(secretEnv('X', { X: 'plain' })).toBe('plain');
    expect(() => requireSecret('X', {})).toThrow(/X \(or X_FILE\) is required/);
    const url = new URL(mysqlUrl({ MYSQL_URL: 'mysql://erp_sales@mysql:3306', MYSQL_PASSWORD_FILE: file }));
    expect([url.username, decodeURIComponent(url.password), url.host]).toEqual([
      'erp_sales',
      'p@ss/word',
      'mysql:3306',
    ]);
  });

  it('pnpm compose:secrets writes each secret once, 0600', () => {
    const target = path.join(dir, 'secrets');
    expect(writeComposeSecrets(target)).toEqual(COMPOSE_SECRETS);
    const before = readFileSync(path.join(target, 'mysql_root'), 'utf8');
    expect(writeComposeSecrets(target)).toEqual([]);
    expect(readFileSync(path.join(target, 'mysql_root'), 'utf8')).toBe(before);
    expect(statSync(path.join(target, 'jwt_secret')).mode & 0o777).toBe(0o600);
  });

  const root = process.env.ERP_TEST_MYSQL_URL;
  // on MySQL only (CI always has it): the grants are MySQL's
  if (root)
    it('a service user allowed on its own database opens it, and no other', async () => {
      const suffix = randomBytes(3).toString('hex');
      const [user, database, other] = [`erp_u${suffix}`, `erp_own_${suffix}`, `erp_other_${suffix}`];
      const password = randomBytes(12).toString('base64url');
      const admin = await mysql.createConnection(root!);
      try {
        await admin.query(`CREATE DATABASE \`${database}\``);
        await admin.query(`CREATE DATABASE \`${other}\``);
        await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
        await admin.query(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO '${user}'@'%'`);
        const host = new URL(root!).host;
        const url = mysqlUrl({ MYSQL_URL: `mysql://${user}@${host}`, MYSQL_PASSWORD: password });
        const own = await openDatabase({ client: 'mysql', url, database });
        try {
          await own.schema.createTable('t', (t) => t.integer('n'));
          expect(Number((await own('t').count({ n: '*' }))[0]!.n)).toBe(0);
        } finally {
          await own.destroy();
        }
        await expect(
          openDatabase({ client: 'mysql', url, database: other }).then((db) => db.raw('select 1')),
        ).rejects.toThrow();
      } finally {
        await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
        await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
        await admin.query(`DROP DATABASE IF EXISTS \`${other}\``);
        await admin.end();
      }
    });
});
