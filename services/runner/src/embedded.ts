import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import {
  appConfigFromEnv,
  createGateway,
  gatewayModule,
  parseRemotesJson,
  remoteOrigins,
  webRouter,
  type ServiceTarget,
  type WebOptions,
} from '@erp/gateway';
import {
  createLogger,
  createTokenService,
  InProcessBus,
  startService,
  type DbConfig,
  type RunningService,
} from '@erp/service-kit';
import { serviceNames, type ServiceName } from '@erp/contracts';
import { backfillNewConsumers } from './backfill';
import { dataDir, jwtSecret, repoRoot } from './config';
import { ensureWebBuilt } from './web-build';
import { serviceModules } from './modules';

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  host?: string;
  jwtSecret: string;
  env?: Record<string, string | undefined>;
  loginRateLimit?: number;
  relayPollMs?: number;
  /** Each service's database; SQLite files under `dataDir` unless said otherwise (tests run it on MySQL too). */
  database?: (service: string) => DbConfig;
  /** Serve the web frontends (shell, feature apps, /remotes.json) on the same origin; off in API tests. */
  web?: WebOptions;
  /** Start the services' job threads at once (`pnpm start`, the benchmarks); tests start them with a job. */
  warmJobThreads?: boolean;
}

export interface Embedded {
  url: string;
  server: Server;
  services: Record<string, RunningService>;
  stop(): Promise<void>;
}

/**
 * Embedded mode (design.md section 4): the gateway and every service in one process, each service with its
 * own SQLite file under the data folder, events through the outbox and an in-process bus.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<Embedded> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const logger = createLogger('erp');
  // held until every service has subscribed: rows a crash left unsent reach every consumer (in-process-bus.ts)
  const bus = new InProcessBus({ held: true });
  const tokens = createTokenService(options.jwtSecret);
  const env = options.env ?? process.env;
  // services ask each other through the gateway (internal-api.ts), whose address is known once it listens
  const gatewayAddress: { url?: string } = {};
  const common = {
    bus,
    tokens,
    env,
    providerKey: env.ERP_PROVIDER_KEY,
    relayPollMs: options.relayPollMs,
    gatewayUrl: () => gatewayAddress.url,
  };
  const sqlite = (name: string): DbConfig => ({
    client: 'sqlite',
    filename: path.join(options.dataDir, `${name}.sqlite`),
  });
  const database = options.database ?? sqlite;

  // Consumers start before identity, so that its first events (the demo tenant) reach every replica.
  const gw = gatewayModule();
  const gateway = await startService(gw.module, {
    ...common,
    db: database('gateway'),
    logger: logger.child('gateway'),
  });
  const order = [...serviceNames.filter((n) => n !== 'identity'), 'identity' as const];
  const started: Partial<Record<ServiceName, RunningService>> = {};
  for (const name of order) {
    started[name] = await startService(serviceModules[name], {
      ...common,
      db: database(name),
      logger: logger.child(name),
      warmJobThread: options.warmJobThreads === true,
    });
  }
  const running = started as Record<ServiceName, RunningService>;
  bus.open();
  await backfillNewConsumers([gateway, ...order.map((n) => running[n])]);
  const app = createGateway({
    services: Object.fromEntries(
      serviceNames.map((n) => [
        n,
        { kind: 'local' as const, app: running[n].app, health: running[n].health },
      ]),
    ) as Record<ServiceName, ServiceTarget>,
    ownApp: gateway.app,
    ownHealth: gateway.health,
    tokens,
    subscriptions: gw.replica(gateway.db),
    sessions: gw.sessions(gateway.db),
    logger: logger.child('gateway'),
    loginRateLimit: options.loginRateLimit ?? Number(env.ERP_LOGIN_RATE_LIMIT ?? 20),
    after: options.web ? [webRouter({ appConfig: appConfigFromEnv(env), ...options.web })] : [],
    frontendOrigins: options.web?.remotes ? remoteOrigins(options.web.remotes) : [],
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port, options.host ?? '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  // the services call the gateway on this machine, whatever host it listens on for others
  gatewayAddress.url = `http://127.0.0.1:${port}`;
  const services: Record<string, RunningService> = { gateway, ...running };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    services,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const name of [...serviceNames].reverse()) await running[name].stop();
      await gateway.stop();
      await bus.close();
    },
  };
}

async function main(): Promise<void> {
  const dir = dataDir();
  ensureWebBuilt(repoRoot, (line) => process.stdout.write(`${line}\n`));
  const embedded = await startEmbedded({
    dataDir: dir,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '0.0.0.0',
    jwtSecret: jwtSecret(dir),
    warmJobThreads: true,
    web: {
      root: repoRoot,
      ...(process.env.ERP_REMOTES_JSON ? { remotes: parseRemotesJson(process.env.ERP_REMOTES_JSON) } : {}),
    },
  });
  const url = embedded.url.replace('0.0.0.0', 'localhost');
  const seed = embedded.services.identity?.seedInfo;
  process.stdout.write(
    [
      '',
      `  ERP platform (embedded mode) is running at ${url}`,
      `  API docs: ${url}/api/docs   health: ${url}/api/health`,
      `  data folder: ${dir}`,
      seed
        ? `  demo admin: user name '${seed.adminUserName}', password '${seed.adminPassword}' (shown on first run only)`
        : "  demo admin: user name 'admin' (password as printed on the first run, or ERP_ADMIN_PASSWORD)",
      '',
    ].join('\n') + '\n',
  );
  const shutdown = () => {
    embedded.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  });
}
