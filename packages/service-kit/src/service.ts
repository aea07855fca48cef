import express, { type Express } from 'express';
import type { Db, DbConfig, Trx } from './db/database';
import { openDatabase } from './db/database';
import { migrate, type Migration } from './db/migrations';
import { createLogger, type Logger } from './logger';
import type { Bus } from './messaging/bus';
import { InboxConsumer, type EventHandler } from './messaging/inbox';
import { messagingMigration } from './messaging/messaging-migration';
import { OutboxRelay } from './messaging/relay';
import { problemMiddleware } from './http/problem';
import { buildRouter, type BoundRoute } from './http/routes';
import type { TokenService } from './http/tokens';
import { deadLetterRoutes } from './dead-letters';
import { jobsMigration } from './jobs/jobs-migration';
import { JobRunner, type JobKind } from './jobs/job-runner';
import { jobRouteHandlers } from './jobs/job-routes';
import { countRequests } from './jobs/request-pressure';

export interface ServiceDeps {
  name: string;
  db: Db;
  tokens: TokenService;
  logger: Logger;
  /** Runs `work` in a transaction and wakes the relay after it commits (the work may have emitted events). */
  transact<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  env: Readonly<Record<string, string | undefined>>;
  /** The service's background jobs (chunked, off the request path, one per resource). */
  jobs: JobRunner;
}

/** A service declared once and run the same way in both modes; only the database and bus adapters differ. */
export interface ServiceModule {
  name: string;
  migrations: readonly Migration[];
  routes(deps: ServiceDeps): readonly BoundRoute[];
  /** Handlers by event type; they run in one consumer group named after the service. */
  consumers?(deps: ServiceDeps): Readonly<Record<string, EventHandler>>;
  /** First-run data (idempotent); what it returns is shown to the operator (the demo admin's password). */
  seed?(deps: ServiceDeps): Promise<Record<string, string> | undefined | void>;
  /** The kinds of background job the service runs. */
  jobs?(deps: ServiceDeps): readonly JobKind<never, unknown>[];
}

export interface StartOptions {
  db: DbConfig;
  bus: Bus;
  tokens: TokenService;
  providerKey?: string | undefined;
  logger?: Logger;
  relayPollMs?: number;
  env?: Readonly<Record<string, string | undefined>>;
  /** Set false to start without consuming (tests of a consumer crash). */
  consume?: boolean;
  /** Set false to skip first-run data. */
  seed?: boolean;
  /** How often a service looks for jobs other processes queued or left behind (ms). */
  jobPollMs?: number;
  /** A job claim not renewed for this long is taken over by another process (ms). */
  jobLeaseMs?: number;
}

export interface RunningService {
  name: string;
  db: Db;
  /** The service's HTTP app: its routes are full public paths (`/api/...`). */
  app: Express;
  relay: OutboxRelay;
  deps: ServiceDeps;
  consumer: InboxConsumer | null;
  seedInfo: Record<string, string> | undefined;
  stop(): Promise<void>;
}

export function createServiceApp(
  routes: readonly BoundRoute[],
  tokens: TokenService,
  providerKey: string | undefined,
  logger: Logger,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // background jobs give way to the requests being served
  app.use(countRequests);
  // bodies are parsed per route, each with its own size limit (buildRouter)
  app.use(buildRouter(routes, { tokens, providerKey }));
  app.use(problemMiddleware(logger));
  return app;
}

export async function startService(module: ServiceModule, options: StartOptions): Promise<RunningService> {
  const logger = options.logger ?? createLogger(module.name);
  const db = await openDatabase(options.db);
  await migrate(db, [messagingMigration, jobsMigration, ...module.migrations]);
  const relay = new OutboxRelay(db, options.bus, logger.child('relay'), {
    pollMs: options.relayPollMs ?? 250,
  });
  const jobs = new JobRunner(db, logger.child('jobs'), {
    pollMs: options.jobPollMs,
    leaseMs: options.jobLeaseMs,
    // embedded SQLite has one process per database file: a claim left by an earlier run is void
    exclusive: options.db.client === 'sqlite',
  });
  const deps: ServiceDeps = {
    name: module.name,
    jobs,
    db,
    tokens: options.tokens,
    logger,
    env: options.env ?? process.env,
    async transact(work) {
      const result = await db.transaction(work);
      relay.nudge();
      return result;
    },
  };
  const seedInfo = options.seed === false ? undefined : ((await module.seed?.(deps)) ?? undefined);
  jobs.register(module.jobs?.(deps) ?? []);
  const routes = [
    ...module.routes(deps),
    ...deadLetterRoutes(module.name, db),
    ...jobRouteHandlers(module.name, jobs),
  ];
  const app = createServiceApp(routes, options.tokens, options.providerKey, logger);
  const handlers = module.consumers?.(deps);
  let consumer: InboxConsumer | null = null;
  if (handlers && Object.keys(handlers).length > 0) {
    consumer = new InboxConsumer(db, module.name, handlers, logger.child('consumer'), {
      afterCommit: () => relay.nudge(),
    });
    if (options.consume !== false) await options.bus.subscribe(consumer);
  }
  relay.start();
  await jobs.start();
  return {
    name: module.name,
    db,
    app,
    relay,
    deps,
    consumer,
    seedInfo,
    async stop() {
      await jobs.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
