import type { ServiceModule } from '@erp/service-kit';
import { SessionReplica, sessionMigrations } from './sessions';
import { SubscriptionReplica, gatewayMigrations } from './subscriptions';

export * from './gateway';
export * from './openapi';
export * from './sessions';
export * from './subscriptions';
export * from './web';

/**
 * The gateway's own state (its subscription replica, with the kit's inbox and dead letters) runs on the
 * same service kit as every service. The replica is created by the module and handed to the gateway app.
 */
export function gatewayModule(): {
  module: ServiceModule;
  replica: (db: ConstructorParameters<typeof SubscriptionReplica>[0]) => SubscriptionReplica;
  sessions: (db: ConstructorParameters<typeof SessionReplica>[0]) => SessionReplica;
} {
  let replica: SubscriptionReplica | null = null;
  let sessions: SessionReplica | null = null;
  const make = (db: ConstructorParameters<typeof SubscriptionReplica>[0]) =>
    (replica ??= new SubscriptionReplica(db));
  const makeSessions = (db: ConstructorParameters<typeof SessionReplica>[0]) =>
    (sessions ??= new SessionReplica(db));
  return {
    module: {
      name: 'gateway',
      migrations: [...gatewayMigrations, ...sessionMigrations],
      routes: () => [],
      consumers: (deps) => ({ ...make(deps.db).handlers, ...makeSessions(deps.db).handlers }),
    },
    replica: make,
    sessions: makeSessions,
  };
}
