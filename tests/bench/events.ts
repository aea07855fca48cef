/**
 * Events on a real Kafka (issue 10): the distributed topology on MariaDB and a single-node Kafka
 * (tests/support/kafka.ts, full JIT as a long-running broker), then
 * - end to end: a tenant's subscription changed in identity (the PUT answered, the row committed with its
 *   outbox row) until the gateway's replica holds it (outbox relay -> Kafka -> gateway's consumer -> inbox), p50/p99;
 * - consumer throughput of one partition: a KafkaBus group reading a one-partition topic filled beforehand;
 * - a broker restart: an event committed while the broker is down, then the time from restarting the broker to
 *   that event applied in the gateway.
 * Not a timed test (the machine is shared): it prints figures. Run: pnpm bench:events (MariaDB at
 * ERP_TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306; ERP_BENCH_CHANGES, ERP_BENCH_RECORDS scale it).
 */
import type { Envelope } from '@erp/contracts';
import { KafkaBus, openDatabase, type Db } from '@erp/service-kit';
import { envelope, message, user } from '../support/event-samples';
import { createTopics } from '../support/kafka';
import { BENCH_MYSQL_URL, startBenchTopology } from './support/topology';

const MYSQL_URL = BENCH_MYSQL_URL;
const CHANGES = Number(process.env.ERP_BENCH_CHANGES ?? 200);
const RECORDS = Number(process.env.ERP_BENCH_RECORDS ?? 20_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

async function main(): Promise<void> {
  let t = Date.now();
  const topology = await startBenchTopology();
  const { kafka, procs, gateway, prefix, logs } = topology;
  let gatewayDb: Db | undefined;
  const buses: KafkaBus[] = [];
  try {
    console.log(
      `broker: Kafka ${kafka.version} serving in ${kafka.startMs} ms; topology: ${Object.keys(procs).length} ` +
        `processes up ${Date.now() - t} ms after the start`,
    );
    t = Date.now();
    gatewayDb = await openDatabase({ client: 'mysql', url: MYSQL_URL, database: `${prefix}gateway` });
    const provider = { 'content-type': 'application/json', 'x-provider-key': topology.providerKey };

    const created = await fetch(`${gateway}/api/provider/tenants`, {
      method: 'POST',
      headers: provider,
      body: JSON.stringify({
        name: 'Bench',
        adminUserName: 'bench_admin',
        adminPassword: 'Bench!Pass-123',
        subscriptionStart: '2020-01-01',
        subscriptionEnd: '2099-12-31',
      }),
    });
    if (created.status !== 201) throw new Error(`provisioning: ${created.status} ${await created.text()}`);
    const tenantId = ((await created.json()) as { id: string }).id;
    const replicaEnd = async () => {
      const row = await gatewayDb!('tenant_subscriptions').where({ tenant_id: tenantId }).first();
      return row ? String(row.subscription_end) : undefined;
    };
    await until('the tenant in the gateway replica', replicaEnd, 60_000);

    /** Changes the subscription's end in identity; resolves with the time the change was committed. */
    const change = async (end: string): Promise<number> => {
      const res = await fetch(`${gateway}/api/provider/tenants/${tenantId}/subscription`, {
        method: 'PUT',
        headers: provider,
        body: JSON.stringify({ subscriptionStart: '2020-01-01', subscriptionEnd: end, active: true }),
      });
      if (res.status !== 200) throw new Error(`subscription change: ${res.status} ${await res.text()}`);
      return Date.now();
    };
    const applied = (end: string) =>
      until(
        `${end} in the gateway replica`,
        async () => ((await replicaEnd()) === end ? Date.now() : undefined),
        60_000,
      );

    // end to end, one change at a time (each a new end date, so each is seen only once applied)
    const latencies: number[] = [];
    const day = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < CHANGES; i++) {
      const committed = await change(day(i));
      latencies.push((await applied(day(i))) - committed);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `end to end (identity commit -> gateway replica, ${CHANGES} changes): p50 ${percentile(latencies, 50)} ms, ` +
        `p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`,
    );

    // one partition's consumer throughput, on a topic of its own
    const topic = 'bench.throughput';
    await createTopics(kafka.brokers, [topic], 1);
    const producer = new KafkaBus({ brokers: kafka.brokers, clientId: 'bench-producer', logger: quiet });
    buses.push(producer);
    const sample = (i: number): Envelope =>
      envelope('userChanged', user(`u-${i}`), 't-bench', `agg-${i % 100}`);
    const size = JSON.stringify(sample(0)).length;
    for (let i = 0; i < RECORDS; i += 500) {
      const batch = Array.from({ length: Math.min(500, RECORDS - i) }, (_, j) => ({
        ...message(sample(i + j)),
        topic,
      }));
      await producer.publish(batch);
    }
    const consumer = new KafkaBus({ brokers: kafka.brokers, clientId: 'bench-consumer', logger: quiet });
    buses.push(consumer);
    let received = 0;
    let first = 0;
    const started = Date.now();
    await consumer.subscribe({
      groupId: 'bench-throughput',
      topics: [topic],
      handle: async () => {
        if (received++ === 0) first = Date.now();
      },
    });
    await until('every record', async () => (received >= RECORDS ? true : undefined), 300_000);
    const seconds = (Date.now() - first) / 1000;
    console.log(
      `consumer throughput, one partition (${RECORDS} records of ${size} bytes, a no-op handler): ` +
        `${Math.round(RECORDS / seconds)} records/s (first record ${first - started} ms after subscribing)`,
    );

    // a broker restart: an event committed while the broker is down flows once it is back
    let h = Date.now();
    await kafka.halt('SIGTERM');
    const haltMs = Date.now() - h;
    await sleep(2_000);
    await change('2031-06-01');
    await sleep(2_000);
    const said = logs.length;
    const restarted = Date.now();
    await kafka.restart();
    const serving = Date.now() - restarted;
    const flowed = (await applied('2031-06-01')) - restarted;
    h = Date.now();
    const next = (await applied(await change('2031-06-02').then(() => '2031-06-02'))) - h;
    console.log(
      `broker restart (controlled shutdown in ${haltMs} ms, down 4 s, one change committed meanwhile): ` +
        `serving again ${serving} ms after the restart began, the held event applied after ${flowed} ms; ` +
        `the next change end to end ${next} ms`,
    );
    const broker = logs.slice(said).filter((line) => line.startsWith('[kafka]'));
    if (broker.length)
      console.log(`the broker's warnings while restarting:\n${broker.slice(0, 15).join('\n')}`);
  } catch (error) {
    console.log(`----- process output -----\n${logs.slice(-200).join('\n')}`);
    throw error;
  } finally {
    await Promise.allSettled(buses.map((b) => b.close()));
    await gatewayDb?.destroy();
    await topology.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
