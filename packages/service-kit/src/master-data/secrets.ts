import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Secret codes (discount types) are kept as salted scrypt hashes; the API says only whether one is set. */
export function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(12);
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, 24, { N: 2 ** 14, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${salt.toString('base64')}$${key.toString('base64')}`),
    ),
  );
}

export function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return Promise.resolve(false);
  const expected = Buffer.from(key, 'base64');
  return new Promise((resolve, reject) =>
    scrypt(secret, Buffer.from(salt, 'base64'), expected.length, { N: 2 ** 14, r: 8, p: 1 }, (err, actual) =>
      err ? reject(err) : resolve(timingSafeEqual(actual, expected)),
    ),
  );
}
