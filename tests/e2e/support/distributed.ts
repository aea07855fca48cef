import { randomBytes } from 'node:crypto';
import { test as base } from '@playwright/test';
import { serviceNames, topics } from '@erp/contracts';
import {
  distributedWebPlan,
  startDistributed,
  type DistributedWebPlan,
  type ManagedProcess,
} from '@erp/runner';
import { dropMysqlDatabase } from '@erp/service-kit';
import { startKafka, type KafkaBroker } from '../../support/kafka';
import { assertMysqlReachable, freePort, freePorts, stopProcess } from '../../support/topology';
import { ADMIN_PASSWORD } from '../playwright.config';

const MYSQL_URL = process.env.ERP_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306';

/** The distributed mode as the journeys reach it: the gateway's URL, and where each feature app is served. */
export interface Topology {
  gatewayUrl: string;
  web: DistributedWebPlan;
  /** The processes' last output lines, attached to a failed test. */
  logs: string[];
}

/**
 * The distributed topology of the system test, with the web frontends (design.md section 4): every service and
 * the gateway in its own process on MariaDB (one database each, dropped after), a real single-node Kafka, and
 * each feature app served by its own process on its own port, i.e. its own origin. Started once per worker for
 * the journeys that use it; MariaDB not answering fails them (CI always has it), it never skips them.
 */
export const test = base.extend<{ processLogs: void }, { topology: Topology }>({
  topology: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await assertMysqlReachable(MYSQL_URL);
      const logs: string[] = [];
      const output = (name: string, line: string) => {
        logs.push(`[${name}] ${line}`);
        if (logs.length > 2000) logs.splice(0, logs.length - 2000);
      };
      const prefix = `e2e${randomBytes(4).toString('hex')}_`;
      let kafka: KafkaBroker | undefined;
      let procs: Record<string, ManagedProcess> = {};
      try {
        // the installation's prefix is on every topic (issue 10 item 4): the broker gets the prefixed ones
        kafka = await startKafka({
          output: (line) => output('kafka', line),
          topics: topics.map((t) => prefix + t),
        });
        const gatewayPort = await freePort();
        const servicePort = await freePorts(serviceNames.length, [gatewayPort, ...kafka.ports]);
        const serviceRange = serviceNames.map((_, i) => servicePort + i);
        const web = { port: 0, publicHost: '127.0.0.1' };
        const apps = distributedWebPlan(web, gatewayPort).apps.length;
        web.port = await freePorts(apps, [gatewayPort, ...kafka.ports, ...serviceRange]);
        const started = Date.now();
        procs = await startDistributed({
          mysqlUrl: MYSQL_URL,
          kafkaBrokers: kafka.brokers.join(','),
          gatewayPort,
          servicePort,
          jwtSecret: randomBytes(32).toString('hex'),
          dbPrefix: prefix,
          web,
          env: {
            ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
            ERP_SCRYPT_LOG_N: '10',
            ERP_LOGIN_RATE_LIMIT: '10000',
            ERP_LOG: 'info',
          },
          output,
        });
        console.log(
          `[distributed e2e] ${Object.keys(procs).length} processes up in ${Date.now() - started} ms`,
        );
        await use({
          gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
          web: distributedWebPlan(web, gatewayPort),
          logs,
        });
      } catch (error) {
        if (logs.length) console.log(`----- process output -----\n${logs.join('\n')}`);
        throw error;
      } finally {
        await Promise.all(Object.values(procs).map((p) => stopProcess(p)));
        await kafka?.stop();
        for (const name of [...serviceNames, 'gateway'])
          await dropMysqlDatabase(MYSQL_URL, `${prefix}${name}`);
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // every page, API request and helper of these journeys goes to the distributed gateway
  baseURL: async ({ topology }, use) => {
    await use(topology.gatewayUrl);
  },
  processLogs: [
    async ({ topology }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('processes.log', { body: topology.logs.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
