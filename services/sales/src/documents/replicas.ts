import {
  dec,
  events,
  fromStored,
  paymentMethods,
  safes,
  stores,
  toStored,
  units,
  type PayloadOf,
} from '@erp/contracts';
import { isMysql, tenantScope, type EventHandler, type TenantScope } from '@erp/service-kit';

/**
 * What sales keeps of other services' main data for its documents (design.md section 2: never their tables):
 * units, stores, payment methods and safes (the shifts') from their owners' `masterData.changed` events (the kit's foreign replicas),
 * items from inventory's item events (their units and prices, which the main-data event leaves out), and each
 * user's rights on sales documents from identity's user events.
 */
export const keptEntities = [units, stores, paymentMethods, safes] as const;

const ITEMS = 'replica_md_items';
export const USER_LIMITS = 'sales_user_limits';

type ItemPayload = PayloadOf<'itemChanged'>;

/**
 * The next place in the tenant's catalogue feed. The counter's row stays locked until the applying transaction
 * commits, so a feed reader never sees a place before the places below it are committed (SQLite serialises its
 * writers already): a till that paged past place n has everything up to n.
 */
async function nextFeedSeq(s: TenantScope): Promise<number> {
  const key = { feed: 'items' };
  const read = s('sales_feed_counters').where(key);
  if (isMysql(s.db)) read.forUpdate();
  const counter = await read.first('last');
  const seq = Number(counter?.last ?? 0) + 1;
  if (counter) await s('sales_feed_counters').where(key).update({ last: seq });
  else await s.insert('sales_feed_counters', { ...key, last: seq });
  return seq;
}

const item: EventHandler = async (trx, envelope, payload) => {
  const p = payload as ItemPayload;
  const s = tenantScope(trx, envelope.tenantId);
  // an item's events may come again or late: the newest wins
  const current = await s(ITEMS).where({ id: p.id }).first('as_of');
  if (current && String(current.as_of) > envelope.occurredAt) return;
  const row = {
    code: p.code.slice(0, 20),
    arabic_name: p.arabicName,
    english_name: p.englishName,
    deleted: p.deleted,
    record: JSON.stringify(p),
    as_of: envelope.occurredAt,
    feed_seq: await nextFeedSeq(s),
  };
  if (current) await s(ITEMS).where({ id: p.id }).update(row);
  else await s.insert(ITEMS, { id: p.id, ...row });
};

const userLimitsChanged: EventHandler = async (trx, envelope, payload) => {
  const p = payload as PayloadOf<'userChanged'>;
  const s = tenantScope(trx, envelope.tenantId);
  const current = await s(USER_LIMITS).where({ user_id: p.id }).first('as_of');
  if (current && String(current.as_of) > envelope.occurredAt) return;
  const row = {
    max_allowed_discount: toStored(dec(p.maxAllowedDiscount || '0')),
    can_exceed_original_quantity: p.canExceedOriginalQuantity,
    can_raise_price: p.canRaisePriceAboveSalesPrice,
    can_save_with_remainder: p.canSaveInvoiceWithRemainder,
    as_of: envelope.occurredAt,
  };
  if (current) await s(USER_LIMITS).where({ user_id: p.id }).update(row);
  else await s.insert(USER_LIMITS, { user_id: p.id, ...row });
};

export const salesReplicaHandlers: Readonly<Record<string, EventHandler>> = {
  [events.itemCreated.type]: item,
  [events.itemChanged.type]: item,
  [events.userCreated.type]: userLimitsChanged,
  [events.userChanged.type]: userLimitsChanged,
};

/** An item as sales knows it (null: never heard of, or deleted). */
export interface SalesItem {
  id: string;
  isStoredItem: boolean;
  isActive: boolean;
  mainUnitId: string | null;
  salesPrice: string | null;
  minSalesPrice: string | null;
  costPrice: string | null;
  /** Each unit's conversion rate to the main unit and its own sales price. */
  units: Map<string, { rate: string; salesPrice: string | null }>;
}

export async function salesItems(s: TenantScope, ids: readonly string[]): Promise<Map<string, SalesItem>> {
  const rows = (await s
    .byIds(ITEMS, [...new Set(ids)])
    .andWhere('deleted', false)
    .select('id', 'record')) as { id: string; record: string }[];
  const out = new Map<string, SalesItem>();
  for (const r of rows) {
    const p = JSON.parse(r.record) as ItemPayload;
    const unitRows = new Map<string, { rate: string; salesPrice: string | null }>();
    if (p.mainUnitId) unitRows.set(p.mainUnitId, { rate: '1', salesPrice: p.salesPrice });
    for (const u of p.units)
      if (u.unitId) unitRows.set(u.unitId, { rate: u.conversionRate ?? '1', salesPrice: u.salesPrice });
    out.set(String(r.id), {
      id: String(r.id),
      isStoredItem: p.isStoredItem,
      isActive: p.isActive,
      mainUnitId: p.mainUnitId,
      salesPrice: p.salesPrice,
      minSalesPrice: p.minSalesPrice,
      costPrice: p.costPrice,
      units: unitRows,
    });
  }
  return out;
}

/** The kinds (cash, card...) of payment methods, from accounts' replica. */
export async function paymentKinds(s: TenantScope, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = (await s.byIds('replica_md_payment_methods', [...new Set(ids)]).select('id', 'record')) as {
    id: string;
    record: string;
  }[];
  return new Map(
    rows.map((r) => [String(r.id), String((JSON.parse(r.record) as { kind?: unknown }).kind ?? 'other')]),
  );
}

/** A user's rights on sales documents; a user not heard of has none. */
export async function userLimits(s: TenantScope, userId: string) {
  const row = await s(USER_LIMITS).where({ user_id: userId }).first();
  return {
    maxAllowedDiscount: fromStored(row?.max_allowed_discount as number | undefined),
    canExceedOriginalQuantity: Boolean(row?.can_exceed_original_quantity),
    canRaisePrice: Boolean(row?.can_raise_price),
    canSaveWithRemainder: Boolean(row?.can_save_with_remainder),
  };
}
