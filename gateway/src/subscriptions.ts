import { events, type Envelope, type PayloadOf } from '@erp/contracts';
import { bool, type Db, type EventHandler, type Principal } from '@erp/service-kit';

interface Subscription {
  start: string;
  end: string;
  active: boolean;
}

export type SubscriptionVerdict = 'ok' | 'tenantNoActiveSubscription' | 'tenantSubscriptionExpired';

/**
 * The gateway's replica of tenant subscriptions, fed by identity's `identity.tenant.changed` events. It lets
 * the gateway answer the spec's two subscription 401s without calling identity on every request.
 */
export class SubscriptionReplica {
  private readonly cache = new Map<string, { value: Subscription | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  readonly handlers: Record<string, EventHandler> = {
    [events.tenantChanged.type]: async (trx, envelope: Envelope, payload) => {
      const p = payload as PayloadOf<'tenantChanged'>;
      const current = await trx('tenant_subscriptions').where({ tenant_id: p.tenantId }).first('as_of');
      if (current && String(current.as_of) > envelope.occurredAt) return;
      const row = {
        subscription_start: p.subscriptionStart,
        subscription_end: p.subscriptionEnd,
        active: p.active,
        as_of: envelope.occurredAt,
      };
      if (current) await trx('tenant_subscriptions').where({ tenant_id: p.tenantId }).update(row);
      else await trx('tenant_subscriptions').insert({ tenant_id: p.tenantId, ...row });
      this.cache.delete(p.tenantId);
    },
  };

  private async lookup(tenantId: string): Promise<Subscription | null> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const row = await this.db('tenant_subscriptions').where({ tenant_id: tenantId }).first();
    const value = row
      ? { start: String(row.subscription_start), end: String(row.subscription_end), active: bool(row.active) }
      : null;
    this.cache.set(tenantId, { value, at: Date.now() });
    return value;
  }

  /** Until the replica has heard of a tenant, the subscription stamped in its token at sign-in decides. */
  async verdict(
    principal: Principal,
    today = new Date().toISOString().slice(0, 10),
  ): Promise<SubscriptionVerdict> {
    const s = (await this.lookup(principal.tenantId)) ?? {
      start: '0000-00-00',
      end: principal.subscriptionEnd,
      active: principal.subscriptionActive,
    };
    if (!s.active || today < s.start) return 'tenantNoActiveSubscription';
    if (today > s.end) return 'tenantSubscriptionExpired';
    return 'ok';
  }
}
