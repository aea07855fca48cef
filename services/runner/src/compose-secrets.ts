import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

/**
 * `pnpm compose:secrets`: the files docker-compose.yml reads its secrets from (`secrets/`, git-ignored, 0600), each
 * a fresh random value; a file that exists is kept, so running it again changes nothing.
 */
export const COMPOSE_SECRETS = [
  'mysql_root',
  ...['identity', 'accounts', 'sales', 'purchases', 'inventory', 'restaurant', 'concrete', 'gateway'].map(
    (s) => `mysql_${s}`,
  ),
  'jwt_secret',
  'provider_key',
];

export function writeComposeSecrets(dir = path.join(repoRoot, 'secrets')): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  for (const name of COMPOSE_SECRETS) {
    const file = path.join(dir, name);
    if (existsSync(file)) continue;
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
    chmodSync(file, 0o600);
    written.push(name);
  }
  return written;
}

if (require.main === module) {
  const written = writeComposeSecrets();
  process.stdout.write(
    written.length ? `secrets/: wrote ${written.join(', ')}\n` : 'secrets/: every secret exists already\n',
  );
}
