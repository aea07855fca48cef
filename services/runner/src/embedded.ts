import type { Server } from 'node:http';
import path from 'node:path';
import { identityModule } from '@erp/identity';
import { createGateway, gatewayModule } from '@erp/gateway';
import {
  createLogger,
  createTokenService,
  InProcessBus,
  startService,
  type DbConfig,
  type RunningService,
} from '@erp/service-kit';
import { dataDir, jwtSecret } from './config';

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
  const logger = createLogger('erp');
  const bus = new InProcessBus();
  const tokens = createTokenService(options.jwtSecret);
  const env = options.env ?? process.env;
  const common = { bus, tokens, env, providerKey: env.ERP_PROVIDER_KEY, relayPollMs: options.relayPollMs };
  const sqlite = (name: string): DbConfig => ({
    client: 'sqlite',
    filename: path.join(options.dataDir, `${name}.sqlite`),
  });
  const database = options.database ?? sqlite;

  // The gateway subscribes first so it hears identity's first events (the demo tenant).
  const gw = gatewayModule();
  const gateway = await startService(gw.module, {
    ...common,
    db: database('gateway'),
    logger: logger.child('gateway'),
  });
  const identity = await startService(identityModule, {
    ...common,
    db: database('identity'),
    logger: logger.child('identity'),
  });
  const app = createGateway({
    services: { identity: { kind: 'local', app: identity.app } },
    ownApp: gateway.app,
    tokens,
    subscriptions: gw.replica(gateway.db),
    logger: logger.child('gateway'),
    loginRateLimit: options.loginRateLimit ?? Number(env.ERP_LOGIN_RATE_LIMIT ?? 20),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port, options.host ?? '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const services = { gateway, identity };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    services,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of [identity, gateway]) await s.stop();
      await bus.close();
    },
  };
}

async function main(): Promise<void> {
  const dir = dataDir();
  const embedded = await startEmbedded({
    dataDir: dir,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '0.0.0.0',
    jwtSecret: jwtSecret(dir),
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
