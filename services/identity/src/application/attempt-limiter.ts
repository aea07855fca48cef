import { AppError } from '@erp/service-kit';

/**
 * Counts attempts per key (a user name, an email) in a fixed window (issue 9 item 1). The gateway limits sign-in
 * per address; this limits it per account, so guesses spread over many addresses still stop. In memory, per
 * identity process: a restart forgets the counts, which only gives a guesser one more window.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 429 'tooManyLoginAttempts' while the key has used up its window. */
  check(key: string): void {
    const w = this.windows.get(key.toLowerCase());
    if (w && w.resetAt > this.now() && w.count >= this.limit) throw new AppError(429, 'tooManyLoginAttempts');
  }

  record(key: string): void {
    const k = key.toLowerCase();
    const now = this.now();
    const w = this.windows.get(k);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(k, { count: 1, resetAt: now + this.windowMs });
    } else w.count++;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
