/**
 * Sales invoices end to end in the distributed mode (issue 14, Performance): every service in its own process
 * on MariaDB, events over a real single-node Kafka (tests/support/kafka.ts), the client at the gateway. Not a
 * timed test (the machine is shared): it prints figures beside the target. Run: pnpm bench:sales-distributed
 * (MariaDB at ERP_TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306).
 *
 * 1. Sustained: SALES_BENCH_CLIENTS (16) clients issuing 5-line invoices for SALES_BENCH_SECONDS (10 s), counted
 *    until accounts has booked every one in both parts (money from sales' event, cost from inventory's).
 * 2. The raw MariaDB rate of an equivalent posting transaction in the same run, at as many connections: one
 *    transaction writing an invoice's header, 5 lines, 2 outbox rows, 5 stock movements and a journal entry of 8
 *    lines (target: the end-to-end rate at least 25 % of it).
 */
import { RAW_POSTING } from './support/raw-posting';
import { distributedFlowBench, endToEnd } from './support/sales-flow';

const CLIENTS = Number(process.env.SALES_BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.SALES_BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const t = Date.now();
  const bench = await distributedFlowBench();
  try {
    console.log(
      `topology: Kafka and ${Object.keys(bench.topology.procs).length} processes up and the flow set in ` +
        `${Date.now() - t} ms`,
    );
    const run = await endToEnd(
      bench.flow,
      bench.accounts,
      { clients: CLIENTS, seconds: SECONDS },
      bench.settled,
    );
    console.log(
      `distributed, ${CLIENTS} clients for ${SECONDS} s: ${run.invoices} invoices, ${run.saved.toFixed(0)}/s saved, ` +
        `${run.rate.toFixed(0)}/s end to end (every invoice booked ${run.settling.toFixed(1)} s after the last ` +
        `save), API p50 ${run.p50.toFixed(1)} ms p99 ${run.p99.toFixed(1)} ms`,
    );
    const raw = await bench.rawRate(CLIENTS, 5_000);
    const share = (run.rate / raw) * 100;
    console.log(
      `raw MariaDB posting transaction at ${CLIENTS} connections (${RAW_POSTING}): ${raw.toFixed(0)}/s; end to ` +
        `end is ${share.toFixed(1)} % of it (${share >= 25 ? 'MET' : 'NOT MET'}: target at least 25 %)`,
    );
  } catch (error) {
    bench.failed();
    throw error;
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
