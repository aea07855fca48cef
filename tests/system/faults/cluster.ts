import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serviceNames } from '@erp/contracts';
import { openDatabase, type Db } from '@erp/service-kit';
import { BENCH_MYSQL_URL, startBenchTopology, type BenchTopology } from '../../bench/support/topology';
import { assertNamespacesWork, createNamespace, removeStaleNamespaces, type Namespace } from './netns';
import type { Databases } from './invariants';
import type { Fault } from './schedule';

/**
 * The distributed topology under faults: the bench topology (a real Kafka broker, every service and the
 * gateway in its own process on MariaDB) with the money services (sales, inventory, accounts) each in a network
 * namespace of its own, and every process's wall clock movable (clock-preload.mjs). `inject` applies one fault
 * of the schedule and resolves when it has ended (the process back up, the link up, the clock back).
 */
export const NAMESPACED = ['sales', 'inventory', 'accounts'] as const;
export const FAULTABLE = ['sales', 'inventory', 'accounts', 'identity', 'gateway'] as const;

export interface Cluster {
  topology: BenchTopology;
  gateway: string;
  dbs: Databases;
  namespaces: Map<string, Namespace>;
  inject(fault: Fault): Promise<void>;
  /** `keepDatabases`: left for a look after a violation (their prefix is printed). */
  stop(options?: { keepDatabases?: boolean }): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mysqlPort = () => Number(new URL(BENCH_MYSQL_URL).port || 3306);

export async function startCluster(
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<Cluster> {
  removeStaleNamespaces();
  assertNamespacesWork();
  const clockDir = mkdtempSync(path.join(tmpdir(), 'erp-faults-clock-'));
  const namespaces = new Map<string, Namespace>();
  const preload = pathToFileURL(path.join(__dirname, 'clock-preload.mjs')).href;
  let topology: BenchTopology | undefined;
  const closeNamespaces = async () => {
    for (const ns of namespaces.values()) await ns.close();
    namespaces.clear();
  };
  try {
    topology = await startBenchTopology(
      { ...env, NODE_OPTIONS: `--import=${preload}`, ERP_FAULT_CLOCK_DIR: clockDir },
      {
        name: 'faults',
        // restarted by the run: a quick start matters more than the broker's top speed
        jit: 'quick',
        place: async ({ gatewayPort, servicePort, kafka }) => {
          for (const [i, service] of NAMESPACED.entries())
            namespaces.set(
              service,
              await createNamespace(i + 1, service, {
                mysql: mysqlPort(),
                kafka: Number(kafka.brokers[0]!.split(':')[1]),
                gateway: gatewayPort,
                service: servicePort + serviceNames.indexOf(service),
              }),
            );
          return (name) => {
            const ns = namespaces.get(name);
            // inside its namespace the service listens on the http link's address too (the host relays to it)
            return ns ? { wrap: ns.wrap, env: { HOST: '0.0.0.0' } } : undefined;
          };
        },
      },
    );
  } catch (error) {
    await closeNamespaces();
    rmSync(clockDir, { recursive: true, force: true });
    throw error;
  }
  const t = topology;
  const dbs: Record<string, Db> = {};
  for (const name of serviceNames)
    dbs[name] = await openDatabase({ client: 'mysql', url: BENCH_MYSQL_URL, database: `${t.prefix}${name}` });

  /** Restarts a process until it answers its health check (it may need a database or broker still cut). */
  const restart = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        t.procs[name] = await t.procs[name]!.restart();
        return;
      } catch (error) {
        log(`restart of ${name} failed (attempt ${attempt}): ${String(error).slice(0, 200)}`);
        if (attempt >= 10) throw error;
        await sleep(1_000);
      }
    }
  };
  const setClock = (name: string, offsetMs: number) => {
    writeFileSync(path.join(clockDir, name), String(offsetMs));
    t.procs[name]?.child.kill('SIGUSR2');
  };

  return {
    topology: t,
    gateway: t.gateway,
    dbs: dbs as Databases,
    namespaces,
    async inject(fault) {
      switch (fault.kind) {
        case 'kill':
          await t.procs[fault.target]!.kill('SIGKILL');
          await sleep(fault.durationMs);
          await restart(fault.target);
          return;
        case 'pause': {
          const child = t.procs[fault.target]!.child;
          child.kill('SIGSTOP');
          await sleep(fault.durationMs);
          child.kill('SIGCONT');
          return;
        }
        case 'broker':
          await t.kafka.halt('SIGKILL');
          await sleep(fault.durationMs);
          // a loaded machine can miss the broker's start-up time: it is halted and started again
          for (let attempt = 1; ; attempt++) {
            try {
              await t.kafka.restart();
              return;
            } catch (error) {
              log(`broker restart failed (attempt ${attempt}): ${String(error).slice(0, 200)}`);
              if (attempt >= 5) throw error;
            }
          }
        case 'cutDb':
        case 'cutBus': {
          const [service, link] = fault.target.split(':') as [string, 'db' | 'bus'];
          const ns = namespaces.get(service)!;
          ns.cut(link);
          await sleep(fault.durationMs);
          ns.heal(link);
          return;
        }
        case 'clock':
          setClock(fault.target, fault.offsetMs);
          await sleep(fault.durationMs);
          setClock(fault.target, 0);
          return;
      }
    },
    async stop(options = {}) {
      for (const db of Object.values(dbs)) await db.destroy().catch(() => undefined);
      // a process left stopped would never exit
      for (const p of Object.values(t.procs)) p.child.kill('SIGCONT');
      await t.stop(options);
      await closeNamespaces();
      rmSync(clockDir, { recursive: true, force: true });
    },
  };
}
