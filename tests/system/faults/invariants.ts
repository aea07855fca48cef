import { branchAccountLinks } from '@erp/contracts';
import { serviceModules } from '@erp/runner';
import type { Db, Executor } from '@erp/service-kit';
import { verifyJournal } from '../../../services/accounts/src/journal/verify';
import { VOUCHER_SOURCE } from '../../../services/accounts/src/vouchers/voucher-posting';
import type { Outcomes } from './workload';

/**
 * The fault run's invariants (issue 16 item 2), read from the services' databases directly, never from the API.
 * `atAnyMoment` holds whatever is under way (each database read in one snapshot): balanced entries and trial
 * balance, kept balances equal to their recomputation from lines, stock equal to its movements and never
 * negative, the journal's hash chain, no document without the one key that made it. `whenSettled` holds once
 * every event is applied: nothing acknowledged lost, every event applied once by every consumer of its type
 * and none parked, one event per document change, the ledger's sales, VAT and cost of goods sold equal to the
 * documents and to inventory's issued value, every voucher booked once or not at all as its status says.
 */
export interface Violation {
  invariant: string;
  detail: string;
}

export type Databases = Readonly<Record<'sales' | 'inventory' | 'accounts', Db>> &
  Readonly<Record<string, Db>>;

const big = (v: unknown) => BigInt(String(v ?? 0));
const rows = async <T>(q: Promise<unknown>) => (await q) as T[];

/**
 * Runs `work` in one transaction seeing one snapshot of the database: on MariaDB repeatable read (the services'
 * sessions read committed, so each statement would else see later commits); SQLite's reads in a transaction see
 * one snapshot already.
 */
async function snapshot<T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> {
  const mysql = String(db.client.config.client).startsWith('mysql');
  return db.transaction(work, mysql ? { isolationLevel: 'repeatable read' } : undefined);
}

/** The documents each key made, read from the answers the idempotency keys kept: id → keys. */
async function keyedIds(trx: Executor): Promise<Map<string, number>> {
  const kept = await rows<{ response: string | null }>(trx('idempotency_keys').select('response'));
  const ids = new Map<string, number>();
  for (const { response } of kept) {
    if (!response) continue;
    const parsed = JSON.parse(response) as { id?: unknown; invoiceId?: unknown };
    for (const id of [parsed.id, parsed.invoiceId])
      if (typeof id === 'string') ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return ids;
}

/** Documents of `table` made by no key (`setUp` makes none of these types): a second write of a retried key. */
async function unkeyed(
  trx: Executor,
  table: string,
  keyed: Map<string, number>,
  also: Set<string> = new Set(),
) {
  const docs = await rows<{ id: string; code: string }>(trx(table).select('id', 'code'));
  return docs.filter((d) => !keyed.has(d.id) && !also.has(d.id));
}

/** The rows of a kept-balances table that differ from the sums of the lines (period: the date's first `length`). */
async function keptAgainstLines(trx: Executor, table: string, length: number) {
  const kept = new Map<string, [bigint, bigint]>();
  for (const r of await rows<Record<string, unknown>>(trx(table).select('*')))
    kept.set([r.tenant_id, r.branch_id, r.cost_center_id, r.account_id, r.period].join('|'), [
      big(r.debit),
      big(r.credit),
    ]);
  const recomputed = new Map<string, [bigint, bigint]>();
  const period = trx.raw(`substr(date, 1, ${length})`);
  const lines = await rows<Record<string, unknown>>(
    trx('journal_lines')
      .select(
        'tenant_id',
        'branch_id',
        'cost_center_id',
        'account_id',
        trx.raw(`substr(date, 1, ${length}) as period`),
      )
      .sum({ d: 'debit', c: 'credit' })
      .groupBy('tenant_id', 'branch_id', 'cost_center_id', 'account_id', period),
  );
  for (const r of lines)
    for (const branch of [String(r.branch_id), ''])
      for (const center of r.cost_center_id ? [String(r.cost_center_id), ''] : ['']) {
        const k = [r.tenant_id, branch, center, r.account_id, r.period].join('|');
        const [d, c] = recomputed.get(k) ?? [0n, 0n];
        recomputed.set(k, [d + big(r.d), c + big(r.c)]);
      }
  const differ: { key: string; kept: string[]; lines: string[] | 'none' }[] = [];
  for (const [k, [d, c]] of recomputed) {
    const [kd, kc] = kept.get(k) ?? [0n, 0n];
    if (kd !== d || kc !== c) differ.push({ key: k, kept: [`${kd}`, `${kc}`], lines: [`${d}`, `${c}`] });
  }
  for (const [k, [d, c]] of kept)
    if (!recomputed.has(k) && (d !== 0n || c !== 0n))
      differ.push({ key: k, kept: [`${d}`, `${c}`], lines: 'none' });
  return differ;
}

export async function atAnyMoment(dbs: Databases): Promise<Violation[]> {
  const found: Violation[] = [];
  const add = (invariant: string, detail: unknown) =>
    found.push({ invariant, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) });

  await snapshot(dbs.accounts, async (trx) => {
    const unbalanced = await rows<Record<string, unknown>>(
      trx('journal_entries as e')
        .leftJoin(
          trx('journal_lines')
            .select('entry_id')
            .sum({ d: 'debit', c: 'credit' })
            .groupBy('entry_id')
            .as('l'),
          'l.entry_id',
          'e.id',
        )
        .whereRaw('e.total_debit <> e.total_credit')
        .orWhereRaw('coalesce(l.d, 0) <> e.total_debit')
        .orWhereRaw('coalesce(l.c, 0) <> e.total_credit')
        .select('e.id', 'e.source_type', 'e.total_debit', 'e.total_credit', 'l.d', 'l.c')
        .limit(5),
    );
    for (const u of unbalanced) add('every journal entry balances', u);
    const trial = await rows<Record<string, unknown>>(
      trx('journal_lines')
        .select('tenant_id', 'branch_id', trx.raw('substr(date, 1, 7) as period'))
        .sum({ d: 'debit', c: 'credit' })
        .groupBy('tenant_id', 'branch_id', trx.raw('substr(date, 1, 7)'))
        .havingRaw('sum(debit) <> sum(credit)'),
    );
    for (const t of trial) add('the trial balance balances per branch and period', t);
    // the kept balances, by month and by year, at their four grains, against the lines (kept-balances.ts)
    for (const [table, length] of [
      ['journal_balances', 7],
      ['journal_year_balances', 4],
    ] as const)
      for (const v of await keptAgainstLines(trx, table, length))
        add('every kept balance equals its recomputation from lines', { table, ...v });
    const tenants = await rows<{ tenant_id: string }>(trx('journal_chains').distinct('tenant_id'));
    for (const { tenant_id } of tenants) {
      const report = await verifyJournal(trx, tenant_id);
      for (const c of report.chains) if (c.broken) add("the journal's hash chain verifies", c);
    }
    const keyed = await keyedIds(trx);
    for (const d of await unkeyed(trx, 'doc_vouchers', keyed))
      add('no key made two documents', { vouchers: d });
  });

  await snapshot(dbs.inventory, async (trx) => {
    const moved = new Map<string, [bigint, bigint]>();
    for (const r of await rows<Record<string, unknown>>(
      trx('stock_movements')
        .select('tenant_id', 'item_id', 'store_id')
        .sum({ q: 'quantity', v: 'value' })
        .groupBy('tenant_id', 'item_id', 'store_id'),
    ))
      moved.set([r.tenant_id, r.item_id, r.store_id].join('|'), [big(r.q), big(r.v)]);
    for (const b of await rows<Record<string, unknown>>(trx('stock_balances').select('*'))) {
      const k = [b.tenant_id, b.item_id, b.store_id].join('|');
      const [q, v] = moved.get(k) ?? [0n, 0n];
      moved.delete(k);
      if (big(b.quantity) !== q || big(b.value) !== v)
        add('stock per item and store equals the sum of its movements', {
          key: k,
          balance: [b.quantity, b.value],
          movements: [`${q}`, `${v}`],
        });
      if (big(b.quantity) < 0n) add('no negative stock', { key: k, quantity: b.quantity });
      if (big(b.quantity) === 0n && big(b.value) !== 0n)
        add('an empty store holds no value', { key: k, value: b.value });
    }
    for (const [k, [q, v]] of moved)
      if (q !== 0n || v !== 0n)
        add('stock per item and store equals the sum of its movements', {
          key: k,
          balance: 'none',
          movements: [`${q}`, `${v}`],
        });
    const keyed = await keyedIds(trx);
    for (const d of await unkeyed(trx, 'doc_addition_orders', keyed))
      add('no key made two documents', { additionOrders: d });
  });

  await snapshot(dbs.sales, async (trx) => {
    const keyed = await keyedIds(trx);
    const tills = new Set(
      (await rows<{ invoice_id: string | null }>(trx('pos_sales').select('invoice_id'))).flatMap((r) =>
        r.invoice_id ? [r.invoice_id] : [],
      ),
    );
    for (const d of await unkeyed(trx, 'doc_sales_invoices', keyed, tills))
      add('no key made two documents', { salesInvoices: d });
    for (const d of await unkeyed(trx, 'doc_sales_returns', keyed))
      add('no key made two documents', { salesReturns: d });
    const twice = await rows<Record<string, unknown>>(
      trx('pos_sales')
        .select('till_id', 'counter')
        .count({ n: '*' })
        .groupBy('till_id', 'counter')
        .having(trx.raw('count(*) > 1')),
    );
    for (const t of twice) add('no key made two documents', { tillSale: t });
  });
  return found;
}

/** The event types each consumer (a service's group) applies. */
export type Consumers = Readonly<Record<string, readonly string[]>>;

/** The event types each service's consumer applies, from the services' own declarations. */
export function consumerTypes(): Consumers {
  const out: Record<string, string[]> = {};
  for (const [name, module] of Object.entries(serviceModules)) {
    // only the handlers' names are read: a module's consumers take their dependencies when an event comes
    const handlers = module.consumers?.({ env: {} } as never);
    if (handlers) out[name] = Object.keys(handlers);
  }
  return out;
}

export async function whenSettled(dbs: Databases, out: Outcomes, consumers: Consumers): Promise<Violation[]> {
  const found: Violation[] = [];
  const add = (invariant: string, detail: unknown) =>
    found.push({ invariant, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) });

  // lost: every acknowledged write is there
  const present = async (db: Db, table: string, ids: string[]) => {
    const have = new Set<string>();
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await rows<{ id: string }>(
        db(table)
          .whereIn('id', ids.slice(i, i + 500))
          .select('id'),
      ))
        have.add(r.id);
    return have;
  };
  const tables: Partial<Record<string, [Db, string]>> = {
    invoice: [dbs.sales, 'doc_sales_invoices'],
    return: [dbs.sales, 'doc_sales_returns'],
    addition: [dbs.inventory, 'doc_addition_orders'],
    voucher: [dbs.accounts, 'doc_vouchers'],
  };
  for (const [kind, where] of Object.entries(tables)) {
    const acked = out.acks.filter((a) => a.kind === kind);
    const have = await present(
      where![0],
      where![1],
      acked.map((a) => a.id),
    );
    for (const a of acked) if (!have.has(a.id)) add('nothing acknowledged is lost', a);
  }
  const tillKeys = new Set(
    (await rows<{ uuid: string }>(dbs.sales('pos_sales').select('uuid'))).map((r) => r.uuid),
  );
  for (const a of out.acks.filter((x) => x.kind === 'pos'))
    if (!tillKeys.has(a.key)) add('nothing acknowledged is lost', a);

  // events: all sent, each applied once by every consumer of its type, none parked
  const handled = new Map<string, string[]>();
  for (const [consumer, types] of Object.entries(consumers))
    for (const t of types) handled.set(t, [...(handled.get(t) ?? []), consumer]);
  const applied = new Map<string, Set<string>>();
  for (const consumer of Object.keys(consumers)) {
    const db = dbs[consumer];
    if (!db) continue;
    applied.set(
      consumer,
      new Set(
        (await rows<{ event_id: string }>(db('inbox').where({ consumer }).select('event_id'))).map(
          (r) => r.event_id,
        ),
      ),
    );
    for (const d of await rows<Record<string, unknown>>(
      db('dead_letters').select('consumer', 'event_id', 'type', 'error').limit(5),
    ))
      add('no event is parked', d);
  }
  const perChange = new Map<string, number>();
  for (const [producer, db] of Object.entries(dbs)) {
    const events = await rows<{ id: string; type: string; envelope: string; sent_at: string | null }>(
      db('outbox').select('id', 'type', 'envelope', 'sent_at'),
    );
    for (const e of events) {
      if (!e.sent_at) add('every event is sent', { producer, id: e.id, type: e.type });
      for (const consumer of handled.get(e.type) ?? [])
        if (applied.has(consumer) && !applied.get(consumer)!.has(e.id))
          add('every event is applied once by each of its consumers', {
            producer,
            consumer,
            id: e.id,
            type: e.type,
          });
      const payload = (JSON.parse(e.envelope) as { payload?: Record<string, unknown> }).payload ?? {};
      if (
        typeof payload.documentId === 'string' &&
        typeof payload.revision === 'number' &&
        e.type.endsWith('ocument.changed')
      ) {
        const k = `${e.type}|${String(payload.documentType)}|${payload.documentId}|${payload.revision}`;
        perChange.set(k, (perChange.get(k) ?? 0) + 1);
      }
    }
  }
  for (const [k, n] of perChange) if (n !== 1) add('one event per document change', { change: k, events: n });
  for (const [type, table] of [
    ['salesInvoices', 'doc_sales_invoices'],
    ['salesReturns', 'doc_sales_returns'],
  ] as const) {
    const docs = await rows<{ id: string; revision: number; status: string }>(
      dbs.sales(table).whereIn('status', ['issued', 'cancelled']).select('id', 'revision', 'status'),
    );
    for (const d of docs)
      for (const event of ['sales.document.changed', 'sales.stockDocument.changed'])
        if (!perChange.has(`${event}|${type}|${d.id}|${Number(d.revision)}`))
          add('every committed document has its event', { event, type, id: d.id, revision: d.revision });
  }

  // the ledger against the documents and inventory
  const branches = await rows<{ tenant_id: string; id: string; settings: string }>(
    dbs.accounts('replica_branches').select('tenant_id', 'id', 'settings'),
  );
  const links = (name: 'costOfGoodsSold' | 'sales' | 'salesReturns' | 'vatOutput') =>
    new Set(
      branches.flatMap((b) => {
        const parsed = branchAccountLinks.safeParse(
          (JSON.parse(b.settings || '{}') as { accountLinks?: unknown }).accountLinks ?? {},
        );
        const id = parsed.success ? parsed.data[name] : null;
        return id ? [id] : [];
      }),
    );
  const net = async (accounts: Set<string>) => {
    if (accounts.size === 0) return 0n;
    const [r] = await rows<{ d: unknown; c: unknown }>(
      dbs
        .accounts('journal_lines')
        .whereIn('account_id', [...accounts])
        .sum({ d: 'debit', c: 'credit' }),
    );
    return big(r?.d) - big(r?.c);
  };
  const [issuedValue] = await rows<{ v: unknown }>(
    dbs.inventory('stock_movements').where({ source_service: 'sales' }).sum({ v: 'value' }),
  );
  const cogs = await net(links('costOfGoodsSold'));
  if (cogs !== -big(issuedValue?.v))
    add("the cost of goods sold in the ledger equals inventory's issued value", {
      ledger: `${cogs}`,
      inventory: `${-big(issuedValue?.v)}`,
    });
  // the documents keep money at 4 decimals (×10,000) as the ledger does: compare in the same unit
  const scale = async (table: string) => {
    const [r] = await rows<{ x: unknown; v: unknown }>(
      dbs.sales(table).where({ status: 'issued' }).sum({ x: 'money_tax_exclusive', v: 'money_vat' }),
    );
    return { net: big(r?.x), vat: big(r?.v) };
  };
  const invoices = await scale('doc_sales_invoices');
  const returns = await scale('doc_sales_returns');
  const sales = -(await net(links('sales')));
  const salesReturns = await net(links('salesReturns'));
  const vat = -(await net(links('vatOutput')));
  if (sales !== invoices.net)
    add('the ledger books every issued invoice once', { ledger: `${sales}`, invoices: `${invoices.net}` });
  if (salesReturns !== returns.net)
    add('the ledger books every issued return once', {
      ledger: `${salesReturns}`,
      returns: `${returns.net}`,
    });
  if (vat !== invoices.vat - returns.vat)
    add('the ledger books every issued document once', {
      vatLedger: `${vat}`,
      documents: `${invoices.vat - returns.vat}`,
    });

  // stock against the sales documents
  const sold = new Map<string, bigint>();
  for (const [table, sign] of [
    ['doc_sales_invoices', -1n],
    ['doc_sales_returns', 1n],
  ] as const)
    for (const r of await rows<{ item_id: string; q: unknown }>(
      dbs
        .sales(`${table}_lines as l`)
        .join(`${table} as d`, 'd.id', 'l.document_id')
        .where('d.status', 'issued')
        .groupBy('l.item_id')
        .select('l.item_id')
        .sum({ q: 'l.quantity' }),
    ))
      sold.set(r.item_id, (sold.get(r.item_id) ?? 0n) + sign * big(r.q));
  for (const r of await rows<{ item_id: string; q: unknown }>(
    dbs
      .inventory('stock_movements')
      .where({ source_service: 'sales' })
      .groupBy('item_id')
      .select('item_id')
      .sum({ q: 'quantity' }),
  )) {
    if (big(r.q) !== (sold.get(r.item_id) ?? 0n))
      add('stock moved once per sales document', {
        item: r.item_id,
        movements: `${big(r.q)}`,
        documents: `${sold.get(r.item_id) ?? 0n}`,
      });
    sold.delete(r.item_id);
  }
  for (const [item, q] of sold)
    if (q !== 0n) add('stock moved once per sales document', { item, movements: '0', documents: `${q}` });

  // every voucher booked once (posted) or not at all (unposted): its net per account over all its entries
  const vouchers = new Map<string, { status: string; accounts: Map<string, bigint> }>();
  for (const v of await rows<{ id: string; status: string }>(
    dbs.accounts('doc_vouchers').select('id', 'status'),
  ))
    vouchers.set(v.id, { status: v.status, accounts: new Map() });
  for (const l of await rows<{ document_id: string; account_id: string; debit: unknown; credit: unknown }>(
    dbs.accounts('doc_vouchers_lines').select('document_id', 'account_id', 'debit', 'credit'),
  )) {
    const v = vouchers.get(l.document_id);
    if (v?.status === 'posted')
      v.accounts.set(l.account_id, (v.accounts.get(l.account_id) ?? 0n) + big(l.debit) - big(l.credit));
  }
  const booked = new Map<string, Map<string, bigint>>();
  for (const l of await rows<{ source_id: string; account_id: string; d: unknown; c: unknown }>(
    dbs
      .accounts('journal_lines as l')
      .join('journal_entries as e', 'e.id', 'l.entry_id')
      .where('e.source_type', VOUCHER_SOURCE)
      .groupBy('e.source_id', 'l.account_id')
      .select('e.source_id', 'l.account_id')
      .sum({ d: 'l.debit', c: 'l.credit' }),
  )) {
    const m = booked.get(l.source_id) ?? new Map<string, bigint>();
    m.set(l.account_id, big(l.d) - big(l.c));
    booked.set(l.source_id, m);
  }
  for (const [id, v] of vouchers) {
    const b = booked.get(id) ?? new Map<string, bigint>();
    const accounts = new Set([...v.accounts.keys(), ...b.keys()]);
    for (const a of accounts)
      if ((v.accounts.get(a) ?? 0n) !== (b.get(a) ?? 0n))
        add('every voucher is booked once or not at all, as its status says', {
          id,
          status: v.status,
          account: a,
          voucher: `${v.accounts.get(a) ?? 0n}`,
          ledger: `${b.get(a) ?? 0n}`,
        });
  }
  return found;
}
