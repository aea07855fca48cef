import { events, type Envelope, type PayloadOf } from '@erp/contracts';
import {
  bool,
  type Db,
  type EventHandler,
  type Executor,
  type Migration,
  type Principal,
} from '@erp/service-kit';

export const sessionMigrations: Migration[] = [
  {
    name: 'gateway_0002_user_sessions',
    async up(knex) {
      await knex.schema.createTable('user_sessions', (t) => {
        t.string('user_id', 36).primary();
        t.string('tenant_id', 36).notNullable();
        t.integer('token_version').notNullable();
        t.boolean('active').notNullable();
        t.boolean('deleted').notNullable();
      });
    },
  },
];

interface SessionState {
  tokenVersion: number;
  active: boolean;
  deleted: boolean;
}

/**
 * The gateway's replica of what ends a user's access tokens at once (issue 9 item 4): the token version, the
 * active flag and deletion, fed by identity's user events. A token older than the version, or of a suspended or
 * deleted user, is refused on the very next request, not when it expires. Versions only go up, so an event
 * arriving late never reopens a session.
 */
export class SessionReplica {
  private readonly cache = new Map<string, SessionState | null>();

  constructor(private readonly db: Db) {}

  private async upsert(trx: Executor, tenantId: string, userId: string, next: Partial<SessionState>) {
    const row = await trx('user_sessions').where({ user_id: userId }).first();
    const current: SessionState = row
      ? { tokenVersion: Number(row.token_version), active: bool(row.active), deleted: bool(row.deleted) }
      : { tokenVersion: 0, active: true, deleted: false };
    const merged = {
      token_version: Math.max(current.tokenVersion, next.tokenVersion ?? 0),
      active: next.active ?? current.active,
      deleted: next.deleted ?? current.deleted,
    };
    if (row) await trx('user_sessions').where({ user_id: userId }).update(merged);
    else await trx('user_sessions').insert({ user_id: userId, tenant_id: tenantId, ...merged });
    this.cache.delete(userId);
  }

  readonly handlers: Record<string, EventHandler> = {
    [events.userCreated.type]: (trx, e: Envelope, payload) => this.onUser(trx, e, payload),
    [events.userChanged.type]: (trx, e: Envelope, payload) => this.onUser(trx, e, payload),
    [events.userDeleted.type]: async (trx, e: Envelope, payload) => {
      const p = payload as PayloadOf<'userDeleted'>;
      await this.upsert(trx, e.tenantId, p.id, { deleted: true, active: false });
    },
    [events.userSessionsRevoked.type]: async (trx, e: Envelope, payload) => {
      const p = payload as PayloadOf<'userSessionsRevoked'>;
      await this.upsert(trx, e.tenantId, p.id, { tokenVersion: p.tokenVersion });
    },
  };

  private async onUser(trx: Executor, e: Envelope, payload: unknown) {
    const p = payload as PayloadOf<'userChanged'>;
    await this.upsert(trx, e.tenantId, p.id, { tokenVersion: p.tokenVersion, active: p.active });
  }

  private async lookup(userId: string): Promise<SessionState | null> {
    if (this.cache.has(userId)) return this.cache.get(userId) ?? null;
    const row = await this.db('user_sessions').where({ user_id: userId }).first();
    const state = row
      ? { tokenVersion: Number(row.token_version), active: bool(row.active), deleted: bool(row.deleted) }
      : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, state);
    return state;
  }

  /** False when the token must no longer work. A user the replica has not heard of yet keeps the token's word. */
  async allows(principal: Principal): Promise<boolean> {
    const state = await this.lookup(principal.userId);
    if (!state) return true;
    return !state.deleted && state.active && principal.tokenVersion >= state.tokenVersion;
  }
}
