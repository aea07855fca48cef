import { randomBytes } from 'node:crypto';
import { serviceNames, topics } from '@erp/contracts';
import { startDistributed, type DistributedOptions, type ManagedProcess } from '@erp/runner';
import { dropMysqlDatabase } from '@erp/service-kit';
import { startKafka, type KafkaBroker } from '../../support/kafka';
import { assertMysqlReachable, freePort, freePorts, stopProcess } from '../../support/topology';

export const BENCH_MYSQL_URL = process.env.ERP_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

/** Prints the last 200 lines the broker and the processes wrote (when something failed). */
export function printProcessOutput(topology: Pick<BenchTopology, 'logs'>): void {
  process.stdout.write(`\n----- process output -----\n${topology.logs.slice(-200).join('\n')}\n`);
}

/** The distributed topology a benchmark runs against: a Kafka broker, every service and the gateway, on MariaDB. */
export interface BenchTopology {
  kafka: KafkaBroker;
  procs: Record<string, ManagedProcess>;
  gateway: string;
  /** The installation's prefix: of its databases (`<prefix><service>`) and topics. */
  prefix: string;
  providerKey: string;
  /** Every line the broker and the processes wrote, the last 2,000; print them when something fails. */
  logs: string[];
  /** Stops the processes and the broker and drops the databases. */
  stop(options?: { keepDatabases?: boolean }): Promise<void>;
}

export interface TopologyOptions {
  /** The installation's name before its random part (default `bench`). */
  name?: string;
  /** The broker's JIT (default `full`, as a long-running broker): `quick` starts it in about half the time. */
  jit?: 'quick' | 'full';
  /**
   * Called once the broker is up and the ports are chosen, before any process starts: where each process runs
   * (the fault run's network namespaces).
   */
  place?: (ports: {
    gatewayPort: number;
    servicePort: number;
    kafka: KafkaBroker;
  }) => Promise<DistributedOptions['placement']>;
}

/**
 * Starts the broker (six partitions a topic, full JIT as a long-running broker) with the installation's
 * prefixed topics, then every process (`env` on top of a quick password hash and warnings-only logs).
 */
export async function startBenchTopology(
  env: Record<string, string> = {},
  options: TopologyOptions = {},
): Promise<BenchTopology> {
  await assertMysqlReachable(BENCH_MYSQL_URL);
  const prefix = `${options.name ?? 'bench'}${randomBytes(4).toString('hex')}_`;
  const providerKey = `pk-${randomBytes(16).toString('hex')}`;
  const logs: string[] = [];
  const output = (name: string, line: string) => {
    logs.push(`[${name}] ${line}`);
    if (logs.length > 2000) logs.splice(0, logs.length - 2000);
  };
  let kafka: KafkaBroker | undefined;
  let procs: Record<string, ManagedProcess> = {};
  const stop = async (o: { keepDatabases?: boolean } = {}) => {
    await Promise.allSettled(Object.values(procs).map((p) => stopProcess(p)));
    await kafka?.stop().catch(() => undefined);
    if (!o.keepDatabases)
      for (const name of [...serviceNames, 'gateway'])
        await dropMysqlDatabase(BENCH_MYSQL_URL, `${prefix}${name}`).catch(() => undefined);
  };
  try {
    // the installation's prefix is on every topic (issue 10 item 4): the broker gets the prefixed ones
    kafka = await startKafka({
      partitions: 6,
      jit: options.jit ?? 'full',
      topics: topics.map((t) => prefix + t),
      output: (line) => output('kafka', line),
    });
    const gatewayPort = await freePort();
    const servicePort = await freePorts(serviceNames.length, [gatewayPort, ...kafka.ports]);
    const placement = await options.place?.({ gatewayPort, servicePort, kafka });
    procs = await startDistributed({
      mysqlUrl: BENCH_MYSQL_URL,
      kafkaBrokers: kafka.brokers.join(','),
      gatewayPort,
      servicePort,
      jwtSecret: randomBytes(32).toString('hex'),
      dbPrefix: prefix,
      providerKey,
      env: { ERP_SCRYPT_LOG_N: '10', ERP_LOG: 'warn', ...env },
      output,
      placement,
    });
    return { kafka, procs, gateway: `http://127.0.0.1:${gatewayPort}`, prefix, providerKey, logs, stop };
  } catch (error) {
    printProcessOutput({ logs });
    await stop();
    throw error;
  }
}
