import { randomBytes } from 'node:crypto';
import { startEmbedded, type Embedded } from '@erp/runner';
import type { DbConfig } from '@erp/service-kit';

/** The admin's password in every benchmark's throw-away product. */
export const BENCH_PASSWORD = 'Bench!Pass1';

/** The product in this process, on a free port, quiet, with a login limit no benchmark reaches. */
export function startBenchApp(dataDir: string, database?: (name: string) => DbConfig): Promise<Embedded> {
  return startEmbedded({
    dataDir,
    ...(database ? { database } : {}),
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: BENCH_PASSWORD, ERP_LOG: 'silent' },
    loginRateLimit: 1_000_000,
    // as `pnpm start` does: a job's time is its own, not the thread's start
    warmJobThreads: true,
  });
}

export interface SignIn {
  url: string;
  body: string;
}

export interface BenchSession {
  auth: { token: string; defaultBranchId: string };
  /** The admin's headers in its default branch, JSON bodies. */
  headers: Record<string, string>;
  /** How to sign in again (the token lasts 15 minutes; a long benchmark outlives it): the request's url and body. */
  signIn: SignIn;
  /**
   * One API call; a failure throws with the server's answer. A create carries an Idempotency-Key, so it can be
   * sent again safely, and is, once, when a kept-alive socket the server closed was reused (issue 11 finding 12).
   */
  call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

/** Signs the admin in and gives its headers and a call helper. */
export async function benchSession(url: string, language: 'en' | 'ar' = 'en'): Promise<BenchSession> {
  const signIn = {
    url: `${url}/api/Users/auth`,
    body: JSON.stringify({ userName: 'admin', password: BENCH_PASSWORD }),
  };
  const res = await fetch(signIn.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signIn.body,
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const auth = (await res.json()) as { token: string; defaultBranchId: string };
  const headers = {
    Authorization: `Bearer ${auth.token}`,
    BranchId: auth.defaultBranchId,
    Language: language,
    'content-type': 'application/json',
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const once: Record<string, string> =
      method === 'POST' ? { 'Idempotency-Key': randomBytes(12).toString('hex') } : {};
    const send = () =>
      fetch(`${url}${path}`, {
        method,
        headers: { ...headers, ...once },
        body: body ? JSON.stringify(body) : undefined,
      });
    const answer = await send().catch(() => send());
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  return { auth, headers, signIn, call };
}

/**
 * Has the branch (the session's default one unless named) book its documents as their events come (its
 * `automaticPosting` switch on); gives the branch's record as sent (a model for more branches like it).
 */
export async function postAutomatically(
  session: BenchSession,
  branchId = session.auth.defaultBranchId,
): Promise<Record<string, unknown>> {
  const found = await session.call('GET', `/api/Branches/${branchId}`);
  const branch = { ...found, switches: { ...(found.switches as object), automaticPosting: true } };
  await session.call('PUT', `/api/Branches/${branchId}`, branch);
  return branch;
}

/**
 * The admin's cashier shift, open on a new safe of its default branch (a till sells, and issues its synced sales,
 * only in its cashier's open shift: issue 15), once the sales service has heard of the safe. Gives the safe's id.
 */
export async function openBenchShift(session: BenchSession, openingBalance = '0'): Promise<string> {
  const { call, auth } = session;
  const safe = String(
    (await call('POST', '/api/Safes', { arabicName: 'خزينة', branchId: auth.defaultBranchId })).id,
  );
  for (let tries = 0; ; tries++) {
    const safes = (await call('GET', '/api/SafeTransactions/safes')) as unknown as { id: string }[];
    if (safes.some((x) => x.id === safe)) break;
    if (tries > 100) throw new Error('the safe did not reach the sales service');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await call('POST', '/api/SafeTransactions', { safeId: safe, openingBalance });
  return safe;
}
