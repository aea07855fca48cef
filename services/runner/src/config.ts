import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');

export function dataDir(env = process.env): string {
  const dir = path.resolve(env.ERP_DATA_DIR ?? path.join(repoRoot, 'data'));
  // the shop's books: readable by the product's own user only (issue 9 item 11)
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * The token secret: ERP_JWT_SECRET, else (embedded mode) one generated on first run and kept in the data
 * folder, so sessions survive restarts.
 */
export function jwtSecret(dir: string, env = process.env): string {
  if (env.ERP_JWT_SECRET) return env.ERP_JWT_SECRET;
  const file = path.join(dir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export function requireEnv(name: string, env = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

/**
 * A secret from the environment or, as containers get them, from the file `<NAME>_FILE` names (docker secrets,
 * `/run/secrets/...`): the value never has to be written in a compose file.
 */
export function secretEnv(name: string, env = process.env): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) return readFileSync(file, 'utf8').trim();
  return env[name] || undefined;
}

export function requireSecret(name: string, env = process.env): string {
  const value = secretEnv(name, env);
  if (!value) throw new Error(`${name} (or ${name}_FILE) is required`);
  return value;
}

/** MYSQL_URL, with the password of MYSQL_PASSWORD(_FILE) when the URL carries none (each service its own user). */
export function mysqlUrl(env = process.env): string {
  const url = new URL(requireEnv('MYSQL_URL', env));
  const password = secretEnv('MYSQL_PASSWORD', env);
  if (password && !url.password) url.password = encodeURIComponent(password);
  return url.toString();
}
