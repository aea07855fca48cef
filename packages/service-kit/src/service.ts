import { createInternalApi, type InternalApi } from './http/internal-api';
import express, { type Express } from 'express';
import type { Db, DbConfig, Trx } from './db/database';
import { openDatabase, writeGateOf } from './db/database';
import { transactor } from './db/transact';
import { migrate, type Migration } from './db/migrations';
import { createLogger, type Logger } from './logger';
import type { Bus, ConsumerHealth } from './messaging/bus';
import { InboxConsumer, type EventHandler } from './messaging/inbox';
import {
  largeEnvelopesMigration,
  messagingMigration,
  outboxByAggregateMigration,
} from './messaging/messaging-migration';
import { OutboxRelay } from './messaging/relay';
import { scheduleRetention } from './messaging/retention';
import { problemMiddleware } from './http/problem';
import { buildRouter, type BoundRoute } from './http/routes';
import type { TokenService } from './http/tokens';
import { deadLetterRoutes } from './dead-letters';
import { republishRoutes, type Republisher } from './republish';
import { jobsMigration } from './jobs/jobs-migration';
import { jobQueuedIn } from './jobs/job-queue';
import { JobRunner } from './jobs/job-runner';
import { JobThread } from './jobs/job-thread';
import type { JobKind } from './jobs/job-types';
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
  /** Calls to other services through the gateway, as the caller (a save-time policy: no negative stock). */
  internal: InternalApi;
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
  /** For a source of replicas (contracts' `replicaSources`): publishes its current state again on an admin's call. */
  republish?(deps: ServiceDeps): Republisher;
  /**
   * Where this module is declared (`{ file: __filename, exportName }`): a service with `thread` job kinds on
   * SQLite runs them in a job thread, which loads the module from here (jobs/job-thread.ts).
   */
  source?: { file: string; exportName: string };
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
  /** The gateway's URL for calls to other services (embedded: known once it listens); else ERP_GATEWAY_URL. */
  gatewayUrl?: () => string | undefined;
  /**
   * Start the job thread (SQLite) with the service rather than with its first job, whose time would otherwise
   * include loading the thread's modules (about a second: issue 11's re-costing ahead of 100,000 movements).
   */
  warmJobThread?: boolean;
}

/** What `/healthz` answers: a service whose consumer has stopped is unhealthy (503), whatever its HTTP does. */
export interface ServiceHealth {
  status: 'ok' | 'unhealthy';
  /** Its consumer group's state and lag; null for a service that consumes nothing. */
  consumer: ConsumerHealth | null;
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
  health(): ServiceHealth;
  stop(): Promise<void>;
}

export function createServiceApp(
  routes: readonly BoundRoute[],
  tokens: TokenService,
  providerKey: string | undefined,
  logger: Logger,
  health: () => ServiceHealth = () => ({ status: 'ok', consumer: null }),
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.get('/healthz', (_req, res) => {
    const h = health();
    res.status(h.status === 'ok' ? 200 : 503).json(h);
  });
  // background jobs give way to the requests being served
  app.use(countRequests);
  // bodies are parsed per route, each with its own size limit (buildRouter)
  app.use(buildRouter(routes, { tokens, providerKey }));
  app.use(problemMiddleware(logger));
  return app;
}

/** Every migration of a service's database, in order: the kit's messaging tables, then the module's own. */
export function migrationsOf(module: Pick<ServiceModule, 'migrations'>): readonly Migration[] {
  return [
    messagingMigration,
    jobsMigration,
    outboxByAggregateMigration,
    largeEnvelopesMigration,
    ...module.migrations,
  ];
}

/** `kind=ms,kind=ms` (ERP_JOB_PAUSE_MS): the pause before each chunk of a kind of job. */
export function jobPauses(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (raw ?? '').split(',')) {
    const [kind, ms] = part.split('=').map((x) => x.trim());
    if (kind && Number(ms) > 0) out[kind] = Number(ms);
  }
  return out;
}

export { LOCK_CONFLICT_ATTEMPTS, retryLockConflicts } from './db/transact';

export async function startService(module: ServiceModule, options: StartOptions): Promise<RunningService> {
  const logger = options.logger ?? createLogger(module.name);
  const db = await openDatabase(options.db);
  await migrate(db, migrationsOf(module));
  const relay = new OutboxRelay(db, options.bus, logger.child('relay'), {
    pollMs: options.relayPollMs ?? 250,
  });
  const env = options.env ?? process.env;
  let thread: JobThread | null = null;
  // a SQLite service that says where its module is runs its `thread` kinds in a job thread (jobs/job-thread.ts)
  const sqlite = options.db.client === 'sqlite' ? options.db : null;
  const source = sqlite && env.ERP_JOB_THREAD !== 'off' ? module.source : undefined;
  const threaded = source !== undefined;
  const jobs = new JobRunner(db, logger.child('jobs'), {
    pollMs: options.jobPollMs,
    leaseMs: options.jobLeaseMs,
    // embedded SQLite has one process per database file: a claim left by an earlier run is void
    exclusive: options.db.client === 'sqlite',
    pauseMs: jobPauses(env.ERP_JOB_PAUSE_MS),
    ...(threaded ? { claims: (kind) => !kind.thread, onNudge: () => thread?.nudge() } : {}),
  });
  const deps: ServiceDeps = {
    name: module.name,
    jobs,
    db,
    tokens: options.tokens,
    logger,
    env,
    internal: createInternalApi(
      options.tokens,
      options.gatewayUrl ?? (() => (options.env ?? process.env).ERP_GATEWAY_URL),
    ),
    transact: transactor(db, (used) => {
      relay.nudge();
      // a job queued in the transaction exists now: run it without waiting for the next poll
      if (used && jobQueuedIn(used)) jobs.nudge();
    }),
  };
  const seedInfo = options.seed === false ? undefined : ((await module.seed?.(deps)) ?? undefined);
  const kinds = module.jobs?.(deps) ?? [];
  jobs.register(kinds);
  const threadKinds = kinds.filter((k) => k.thread).map((k) => k.kind);
  const gate = writeGateOf(db);
  if (source && sqlite && gate && threadKinds.length > 0)
    thread = new JobThread(
      db,
      {
        service: module.name,
        source,
        filename: sqlite.filename,
        gate,
        kinds: threadKinds,
        processId: `${jobs.processId}-thread`,
        env: { ...env },
        pollMs: options.jobPollMs,
        leaseMs: options.jobLeaseMs,
        pauseMs: jobPauses(env.ERP_JOB_PAUSE_MS),
      },
      logger.child('job-thread'),
      () => relay.nudge(),
    );
  if (options.warmJobThread) thread?.warm();
  const handlers = module.consumers?.(deps);
  const consumer =
    handlers && Object.keys(handlers).length > 0
      ? new InboxConsumer(db, module.name, handlers, logger.child('consumer'), {
          afterCommit: () => relay.nudge(),
        })
      : null;
  const health = (): ServiceHealth => {
    const state = consumer && options.consume !== false ? options.bus.health(module.name) : null;
    return { status: state?.state === 'stopped' ? 'unhealthy' : 'ok', consumer: state };
  };
  const routes = [
    ...module.routes(deps),
    ...deadLetterRoutes(module.name, db, consumer),
    ...jobRouteHandlers(module.name, jobs),
    ...(module.republish ? republishRoutes(module.name, module.republish(deps), deps.transact) : []),
  ];
  const app = createServiceApp(routes, options.tokens, options.providerKey, logger, health);
  if (consumer && options.consume !== false) await options.bus.subscribe(consumer);
  relay.start();
  await jobs.start();
  const retention = scheduleRetention(db, logger.child('retention'), {
    days: Number(deps.env.ERP_MESSAGING_RETENTION_DAYS ?? 30),
  });
  return {
    name: module.name,
    db,
    app,
    relay,
    deps,
    consumer,
    seedInfo,
    health,
    async stop() {
      await retention.stop();
      await consumer?.stop();
      await jobs.stop();
      await thread?.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
