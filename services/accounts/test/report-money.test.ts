import { storedToString } from '@erp/contracts';
import { money } from '../src/reports/net';

/** The reports' integer formatting gives the same text as the money helpers, for every shape of amount. */
describe('money(stored)', () => {
  it('matches storedToString', () => {
    const samples = [0n, 1n, -1n, 10n, 9_999n, 10_000n, -10_000n, 125_000n, 123_456_789n, -5_000_050n];
    for (let i = 0n; i < 200n; i++) samples.push(i * 7_919n * 10_007n - 5_000_000_000n);
    samples.push(9_000_000_000_000_000n, -9_000_000_000_000_000n);
    // either side of 2^53, where money leaves doubles for BigInt
    const safe = BigInt(Number.MAX_SAFE_INTEGER);
    for (const d of [-10_001n, -1n, 0n, 1n, 9_999n]) samples.push(safe + d, -(safe + d));
    for (const s of samples) expect([s, money(s)]).toEqual([s, storedToString(s)]);
  });
});
