import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

/**
 * scrypt (memory-hard, in Node's crypto): N=2^15, r=8 uses 32 MiB per hash. Tests lower N through
 * ERP_SCRYPT_LOG_N; the parameters are stored with each hash, so hashes of either cost verify.
 */
function params() {
  const logN = Number(process.env.ERP_SCRYPT_LOG_N ?? 15);
  return { N: 2 ** logN, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = params();
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the user does not exist, so timing does not reveal user names. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-Aa1!');
  return dummy;
}

/** Refresh tokens are random; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A password that satisfies the spec's rules, for the generated demo admin. */
export function generatePassword(): string {
  const core = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `${core}Aa7!`;
}
