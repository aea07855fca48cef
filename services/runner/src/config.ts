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
