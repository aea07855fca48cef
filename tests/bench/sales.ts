/**
 * Sales invoices through the API in the embedded mode (issue 14, Performance). Not a timed test (the machine is
 * shared): it prints figures beside the targets. Run: pnpm bench:sales
 *
 * 1. Latency: SALES_BENCH_SERIAL (300) invoices of 5 lines saved and issued one after another (`then: issue`),
 *    p50 and p99 of the API answer (target p99 < 50 ms).
 * 2. Sustained: SALES_BENCH_CLIENTS (16) clients issuing invoices for SALES_BENCH_SECONDS (10 s); the rate counts
 *    until every event is applied (stock moved, both parts of each invoice booked in the ledger), with the API's
 *    p99 meanwhile (target >= 1,000 per second with p99 < 50 ms).
 * 3. The raw better-sqlite3 rate of an equivalent posting transaction in the same run: one transaction writing an
 *    invoice's header, 5 lines, 2 outbox rows, 5 stock movements and a journal entry of 8 lines.
 */
import { RAW_POSTING } from './support/raw-posting';
import { drained, embeddedFlowBench, endToEnd, pct } from './support/sales-flow';

const SERIAL = Number(process.env.SALES_BENCH_SERIAL ?? 300);
const CLIENTS = Number(process.env.SALES_BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.SALES_BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const bench = await embeddedFlowBench();
  const { app, flow } = bench;
  try {
    // 1. one after another (the flow's first invoices warmed it up)
    const serial: number[] = [];
    for (let i = 0; i < SERIAL; i++) serial.push(await flow.post());
    await drained(app);
    console.log(
      `5-line invoice saved and issued, ${SERIAL} one after another: p50 ${pct(serial, 0.5).toFixed(1)} ms, ` +
        `p99 ${pct(serial, 0.99).toFixed(1)} ms (target p99 < 50 ms)`,
    );

    // 2. sustained, until every event is applied
    const run = await endToEnd(flow, bench.accounts, { clients: CLIENTS, seconds: SECONDS }, bench.settled);
    console.log(
      `sustained, ${CLIENTS} clients for ${SECONDS} s: ${run.invoices} invoices, ${run.saved.toFixed(0)}/s saved, ` +
        `${run.rate.toFixed(0)}/s end to end (every event applied ${run.settling.toFixed(1)} s after the ` +
        `last save), API p50 ${run.p50.toFixed(1)} ms p99 ${run.p99.toFixed(1)} ms ` +
        `(target >= 1,000/s with p99 < 50 ms)`,
    );

    // 3. the raw better-sqlite3 rate of an equivalent posting transaction
    const raw = await bench.rawRate(1, 3_000);
    console.log(
      `raw better-sqlite3 posting transaction (${RAW_POSTING}): ` +
        `${raw.toFixed(0)}/s; end to end is ${((run.rate / raw) * 100).toFixed(1)} % of it`,
    );
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
