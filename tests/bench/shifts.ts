/**
 * Closing a cashier's shift with SHIFT_BENCH_SALES (2,000) sales (issue 15, Performance: under 10 s). Not a timed
 * test (the machine is shared): it prints the figures beside the target. Run: pnpm bench:shifts
 *
 * The embedded product; a safe, a shift opened by the admin, then the sales: 5-line cash invoices saved and issued
 * through the API by 8 clients, every event applied. Then the close through the API (the user's issued documents
 * of the shift read and summed, the figures fixed, the deficit's event written), and the time until accounts has
 * booked the deficit; beside it the open shift's figures so far (the close screen's first read).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dec } from '@erp/contracts';
import { benchSession, startBenchApp } from './support/http';
import { drained, salesFlow } from './support/sales-flow';

const SALES = Number(process.env.SHIFT_BENCH_SALES ?? 2_000);
const CLIENTS = 8;
const TARGET_MS = 10_000;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-shifts-'));
  const app = await startBenchApp(dir);
  try {
    const session = await benchSession(app.url);
    const flow = await salesFlow(app.url, session);
    const safe = await session.call('POST', '/api/Safes', {
      arabicName: 'خزينة الكاشير',
      branchId: session.auth.defaultBranchId,
    });
    await drained(app);
    const shift = await session.call('POST', '/api/SafeTransactions', {
      safeId: safe.id,
      openingBalance: '500',
    });

    const seeding = performance.now();
    let left = SALES;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (left > 0) {
          left -= 1;
          await flow.post();
        }
      }),
    );
    await drained(app);
    console.log(
      `${SALES} sales issued in the shift and every event applied in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    let t = performance.now();
    const preview = await session.call('GET', `/api/SafeTransactions/${String(shift.id)}`);
    const previewMs = performance.now() - t;
    // each sale is 172.50 in cash: counted 10 short
    const expected = String(preview.expectedCash);
    t = performance.now();
    const closed = await session.call('POST', `/api/SafeTransactions/${String(shift.id)}/close`, {
      actualBalance: dec(expected).minus(10).toString(),
    });
    const closeMs = performance.now() - t;
    await drained(app);
    const bookedMs = performance.now() - t;
    const entry = await app.services
      .accounts!.db('journal_entries')
      .where({ source_type: 'sales.safeTransactions', source_id: String(shift.id) })
      .first('id');
    if (closed.invoices !== SALES)
      throw new Error(`the close counted ${String(closed.invoices)} of ${SALES} sales`);
    if (closed.deficit !== '10') throw new Error(`deficit ${String(closed.deficit)}, expected 10`);
    if (!entry) throw new Error('no ledger entry of the deficit');
    console.log(
      `shift with ${SALES} sales (expected cash ${expected}): figures so far ` +
        `${previewMs.toFixed(0)} ms; close ${closeMs.toFixed(0)} ms, deficit booked in the ledger ` +
        `${bookedMs.toFixed(0)} ms after the close began (target under ${TARGET_MS.toLocaleString('en-US')} ms: ` +
        `${bookedMs < TARGET_MS ? 'met' : 'NOT met'})`,
    );
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
