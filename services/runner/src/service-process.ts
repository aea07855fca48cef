import express from 'express';
import {
  appConfigFromEnv,
  createGateway,
  gatewayModule,
  remoteOrigins,
  remotesFromEnv,
  webRouter,
} from '@erp/gateway';
import { serviceNames, topics, type ServiceName } from '@erp/contracts';
import { createLogger, createTokenService, KafkaBus, startService } from '@erp/service-kit';

import { mysqlUrl, repoRoot, requireEnv, requireSecret, secretEnv } from './config';
import { serviceModules } from './modules';

/**
 * One service process of the distributed mode: `service-main <identity|...|gateway>`. Its database is
 * `${ERP_DB_PREFIX}<name>` on MYSQL_URL; events go over Kafka at KAFKA_BROKERS.
 */
export async function runService(name: string): Promise<void> {
  const env = process.env;
  const logger = createLogger(name);
  const bus = new KafkaBus({
    brokers: requireEnv('KAFKA_BROKERS').split(','),
    clientId: `erp-${name}`,
    logger,
    oneRecordPerRequest: env.KAFKA_ONE_RECORD_PER_REQUEST === '1',
    // A real Kafka gets the contract's topics created up front; the test broker serves them from its AsyncAPI file.
    ...(env.KAFKA_CREATE_TOPICS === '1' && {
      ensureTopics: {
        topics,
        partitions: Number(env.KAFKA_PARTITIONS ?? 6),
        replicationFactor: Number(env.KAFKA_REPLICATION ?? 1),
      },
    }),
  });
  const tokens = createTokenService(requireSecret('ERP_JWT_SECRET'));
  const db = {
    client: 'mysql' as const,
    url: mysqlUrl(env),
    database: `${env.ERP_DB_PREFIX ?? 'erp_'}${name}`,
  };
  const port = Number(requireEnv('PORT'));
  const common = {
    bus,
    tokens,
    db,
    logger,
    providerKey: secretEnv('ERP_PROVIDER_KEY'),
    seed: env.ERP_SEED_DEMO !== '0',
  };

  let running;
  let app;
  if (name === 'gateway') {
    const gw = gatewayModule();
    running = await startService(gw.module, common);
    const services = Object.fromEntries(
      serviceNames.map((s) => [
        s,
        { kind: 'remote' as const, url: requireEnv(`ERP_${s.toUpperCase()}_URL`) },
      ]),
    ) as Parameters<typeof createGateway>[0]['services'];
    // The shell, /remotes.json and /app-config.json; each feature app is served from its own origin (ERP_MFE_<X>_URL).
    const web = remotesFromEnv(repoRoot, env);
    if (web.missing.length) {
      logger.warn('feature apps without a public URL are left out of /remotes.json', { unset: web.missing });
    }
    const gateway = createGateway({
      services,
      ownApp: running.app,
      tokens,
      subscriptions: gw.replica(running.db),
      sessions: gw.sessions(running.db),
      logger,
      loginRateLimit: Number(env.ERP_LOGIN_RATE_LIMIT ?? 20),
      after: [
        webRouter({
          root: repoRoot,
          remotes: web.remotes,
          featureApps: false,
          appConfig: appConfigFromEnv(env),
        }),
      ],
      frontendOrigins: remoteOrigins(web.remotes),
    });
    // This process's own liveness, as every service answers it: startDistributed and restart() wait for
    // /healthz. It comes before the gateway, whose page fallback would otherwise answer it (with index.html,
    // or an error while the shell is not built).
    app = express();
    app.disable('x-powered-by');
    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok' });
    });
    app.use(gateway);
  } else if ((serviceNames as readonly string[]).includes(name)) {
    running = await startService(serviceModules[name as ServiceName], common);
    app = running.app;
  } else {
    throw new Error(
      `unknown service '${name}'; one of: gateway, ${serviceNames.join(', ')}, or web-mfe-<x> (a feature app)`,
    );
  }
  const server = app.listen(port, env.HOST ?? '127.0.0.1', () => {
    logger.info('listening', { port });
    if (running.seedInfo) process.stdout.write(`demo admin: ${JSON.stringify(running.seedInfo)}\n`);
  });
  const shutdown = () => {
    server.close();
    Promise.all([running.stop(), bus.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
