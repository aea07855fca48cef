/**
 * The fault run's HTTP client, as a real client behaves at the gateway: every write carries an idempotency key
 * and is sent again with the same key and body while the answer is lost (a network error, a time-out, a 5xx);
 * a 401 (the session lost to a restart or a clock jump) signs in again. An answer below 500 other than 401 is
 * final.
 */
export interface Reply {
  status: number;
  body: Record<string, unknown>;
  /** Sends it took (1 = answered at once). */
  attempts: number;
}

export interface ClientStats {
  requests: number;
  retries: number;
  signIns: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FaultClient {
  private token = '';
  branchId = '';
  readonly stats: ClientStats = { requests: 0, retries: 0, signIns: 0 };
  /** Set when the run stops: a retrying call gives up. */
  stopped = false;

  constructor(
    readonly base: string,
    private readonly userName: string,
    private readonly password: string,
    /** How long a call keeps retrying before it gives up (its key's outcome is then unknown). */
    private readonly patienceMs = 180_000,
  ) {}

  async signIn(): Promise<void> {
    const deadline = Date.now() + this.patienceMs;
    for (;;) {
      try {
        const res = await fetch(`${this.base}/api/Users/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: this.userName, password: this.password }),
          signal: AbortSignal.timeout(15_000),
        });
        if (res.ok) {
          const auth = (await res.json()) as { token: string; defaultBranchId: string };
          this.token = auth.token;
          this.branchId ||= auth.defaultBranchId;
          this.stats.signIns += 1;
          return;
        }
        if (res.status < 500 && res.status !== 429)
          throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('sign-in:')) throw error;
      }
      if (this.stopped || Date.now() > deadline) throw new Error('sign-in: no answer');
      await sleep(250);
    }
  }

  /**
   * One call, retried until it has a final answer; `key` for a write (the same on every send). Resolves with
   * status 0 when it gave up (the outcome of the write is unknown to the client).
   */
  async call(method: string, path: string, body?: unknown, key?: string, timeoutMs = 15_000): Promise<Reply> {
    const deadline = Date.now() + this.patienceMs;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      this.stats.requests += 1;
      if (attempt > 1) this.stats.retries += 1;
      try {
        const res = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            branchid: this.branchId,
            language: 'en',
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (res.status === 401) {
          await this.signIn();
        } else if (res.status < 500) {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { detail: text };
          }
          return { status: res.status, body: parsed, attempts: attempt };
        }
      } catch {
        // no answer: the gateway or the service is down, stopped or cut off
      }
      if (this.stopped || Date.now() > deadline) return { status: 0, body: {}, attempts: attempt };
      await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)));
    }
  }
}
