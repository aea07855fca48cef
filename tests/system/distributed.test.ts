import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { serviceNames, topics } from '@erp/contracts';
import { startDistributed, type ManagedProcess } from '@erp/runner';
import { dropMysqlDatabase, openDatabase, type Db } from '@erp/service-kit';
import { startKafka, type KafkaBroker } from '../support/kafka';
import { assertMysqlReachable, freePort, freePorts, stopProcess } from '../support/topology';

/**
 * The distributed mode as it runs in production, minus Docker (design.md section 4): a real single-node Kafka
 * (tests/support/kafka.ts), MariaDB with one database per process, identity and the gateway each in its own OS process. Checks
 * that an event written by one process is applied by another over Kafka, and that SIGKILLing both mid-stream
 * loses nothing and applies nothing twice (transactional outbox + idempotent inbox, design.md section 3).
 */

const MYSQL_URL = process.env.ERP_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
const ADMIN_PASSWORD = 'Adm1n!Secret';
const PROVIDER_KEY = `pk-${randomBytes(16).toString('hex')}`;
const USER_PASSWORD = 'Str0ng!Pass';
const STREAM_SIZE = 60;
const KILL_AFTER = 20;

const prefix = `sys${randomBytes(4).toString('hex')}_`;
const databases = [...serviceNames, 'gateway'].map((name) => `${prefix}${name}`);

let kafka: KafkaBroker | undefined;
let procs: Record<string, ManagedProcess> = {};
let identityDb: Db | undefined;
let gatewayDb: Db | undefined;
let gatewayUrl = '';
let mysqlReachable = false;
/** Set in afterAll: a stream left running by a failed test stops retrying. */
let stopStream = false;
let admin: { token: string; defaultBranchId: string };

/** Every line the processes write; printed only when something fails. */
const logs: string[] = [];
function collect(name: string, line: string): void {
  logs.push(`[${name}] ${line}`);
  if (logs.length > 3000) logs.splice(0, logs.length - 3000);
}
function dumpLogs(why: string): void {
  process.stdout.write(
    `\n----- process output (${why}) -----\n${logs.join('\n')}\n----- end of process output -----\n`,
  );
}

/** A test whose failure prints the processes' output. */
function step(name: string, fn: () => Promise<void>, timeoutMs: number): void {
  it(
    name,
    async () => {
      try {
        await fn();
      } catch (error) {
        dumpLogs(`failed: ${name}`);
        throw error;
      }
    },
    timeoutMs,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    await sleep(everyMs);
  }
}

/** The JSON answers this test reads: problem details and the few fields it checks. */
interface Body {
  id?: string;
  code?: string;
  detail?: string;
  services?: Record<string, string>;
  branches?: unknown[];
  errors?: { field: string; code: string }[];
  currentCompany?: unknown;
}

interface Reply {
  status: number;
  body: Body | undefined;
}

/** One call through the gateway; throws on a network error (a process down). */
async function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; provider?: boolean; branchId?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.branchId) headers.branchid = options.branchId;
  if (options.provider) headers['x-provider-key'] = PROVIDER_KEY;
  const res = await fetch(`${gatewayUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: Body | undefined;
  try {
    body = text ? (JSON.parse(text) as Body) : undefined;
  } catch {
    body = { detail: text }; // not JSON: keep the text for the error message
  }
  return { status: res.status, body };
}

async function login(userName: string, password: string) {
  const res = await call('POST', '/api/Users/auth', { body: { userName, password } });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as { token: string; defaultBranchId: string; userId: string };
}

async function provisionTenant(name: string, adminUserName: string, adminPassword: string): Promise<string> {
  const res = await call('POST', '/api/provider/tenants', {
    provider: true,
    body: {
      name,
      adminUserName,
      adminPassword,
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    },
  });
  expect(res.status).toBe(201);
  return res.body!.id as string;
}

async function changeSubscription(tenantId: string, subscriptionEnd: string, active: boolean): Promise<void> {
  const res = await call('PUT', `/api/provider/tenants/${tenantId}/subscription`, {
    provider: true,
    body: { subscriptionStart: '2020-01-01', subscriptionEnd, active },
  });
  expect(res.status).toBe(200);
}

/** Polls a tenant's call through the gateway until it answers as expected; returns how long that took. */
async function untilGatewayAnswers(token: string, status: number, detail?: string): Promise<number> {
  const started = Date.now();
  await waitFor(
    `GET /api/FiscalYears to answer ${status}${detail ? ` '${detail}'` : ''}`,
    async () => {
      const res = await call('GET', '/api/FiscalYears', { token });
      return res.status === status && (detail === undefined || res.body?.detail === detail);
    },
    30_000,
    50,
  );
  return Date.now() - started;
}

async function unsentRows(): Promise<number> {
  return Number((await identityDb!('outbox').whereNull('sent_at').count({ n: '*' }))[0]!.n);
}

async function subscriptionRow(tenantId: string) {
  const row = await gatewayDb!('tenant_subscriptions').where({ tenant_id: tenantId }).first();
  return row && { end: String(row.subscription_end), active: Boolean(Number(row.active)) };
}

beforeAll(async () => {
  try {
    await assertMysqlReachable(MYSQL_URL);
    mysqlReachable = true;
    const t0 = Date.now();
    kafka = await startKafka({
      output: (line) => collect('kafka', line),
      topics: topics.map((t) => prefix + t),
    });
    const tBroker = Date.now() - t0;
    const gatewayPort = await freePort();
    const servicePort = await freePorts(serviceNames.length, [gatewayPort, ...kafka.ports]);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    procs = await startDistributed({
      mysqlUrl: MYSQL_URL,
      kafkaBrokers: kafka.brokers.join(','),
      gatewayPort,
      servicePort,
      jwtSecret: randomBytes(32).toString('hex'),
      dbPrefix: prefix,
      providerKey: PROVIDER_KEY,
      env: {
        ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ERP_SCRYPT_LOG_N: '10',
        ERP_LOGIN_RATE_LIMIT: '10000',
        ERP_LOG: 'info',
      },
      output: collect,
    });
    console.log(
      `[system] topology up in ${Date.now() - t0} ms (broker ${tBroker} ms, identity + gateway processes ${Date.now() - t0 - tBroker} ms)`,
    );
    identityDb = await openDatabase({ client: 'mysql', url: MYSQL_URL, database: `${prefix}identity` });
    gatewayDb = await openDatabase({ client: 'mysql', url: MYSQL_URL, database: `${prefix}gateway` });
  } catch (error) {
    if (logs.length) dumpLogs('start-up failed');
    throw error;
  }
}, 120_000);

afterAll(async () => {
  stopStream = true;
  const problems: unknown[] = [];
  const attempt = async (work: () => Promise<unknown> | undefined) => {
    try {
      await work();
    } catch (error) {
      problems.push(error);
    }
  };
  await Promise.all(Object.values(procs).map((p) => attempt(() => stopProcess(p))));
  await attempt(() => kafka?.stop());
  await attempt(() => identityDb?.destroy());
  await attempt(() => gatewayDb?.destroy());
  if (mysqlReachable)
    for (const database of databases) await attempt(() => dropMysqlDatabase(MYSQL_URL, database));
  if (problems.length) throw new Error(`clean-up: ${problems.map(String).join('; ')}`);
}, 60_000);

describe('distributed mode: separate processes, MariaDB, Kafka', () => {
  step(
    'starts the topology; the gateway is healthy and the demo admin signs in and opens StartUp',
    async () => {
      const pids = Object.values(procs).map((p) => p.child.pid);
      expect(Object.keys(procs).sort()).toEqual([...serviceNames, 'gateway'].sort());
      expect(new Set([...pids, process.pid]).size).toBe(pids.length + 1);
      for (const p of Object.values(procs)) expect(p.child.exitCode).toBeNull();

      const health = await call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body?.services).toEqual(Object.fromEntries(serviceNames.map((s) => [s, 'up'])));

      const conn = await mysql.createConnection({ uri: MYSQL_URL });
      try {
        const [rows] = await conn.query(
          'SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?',
          [`${prefix}%`],
        );
        expect((rows as { name: string }[]).map((r) => r.name).sort()).toEqual([...databases].sort());
      } finally {
        await conn.end();
      }

      admin = await login('admin', ADMIN_PASSWORD);
      const startUp = await call('GET', '/api/aggregates/StartUp', { token: admin.token });
      expect(startUp.status).toBe(200);
      expect(startUp.body?.branches).toHaveLength(2);
      expect(startUp.body?.currentCompany).toMatchObject({ country: 'SA' });
    },
    30_000,
  );

  step(
    "applies identity's tenant events in the gateway's replica over Kafka (the two subscription 401s)",
    async () => {
      const tenantId = await provisionTenant('Tenant B', 'b_admin', 'B-admin!123');
      const provisioned = Date.now();
      const b = await login('b_admin', 'B-admin!123');
      expect((await call('GET', '/api/FiscalYears', { token: b.token })).status).toBe(200);
      await waitFor(
        'the provisioned tenant in the gateway replica',
        () => subscriptionRow(tenantId),
        30_000,
        20,
      );
      console.log(
        `[system] identity.tenant.changed (provisioning) reached the gateway's MySQL replica in ${Date.now() - provisioned} ms`,
      );

      await changeSubscription(tenantId, '2021-01-01', true);
      const expiredMs = await untilGatewayAnswers(b.token, 401, 'Tenant subscription expired');
      console.log(`[system] subscription expiry crossed identity -> Kafka -> gateway in ${expiredMs} ms`);
      expect(await subscriptionRow(tenantId)).toEqual({ end: '2021-01-01', active: true });

      await changeSubscription(tenantId, '2099-01-01', false);
      const suspendedMs = await untilGatewayAnswers(b.token, 401, 'Tenant does not has active subscription');
      console.log(
        `[system] subscription suspension crossed identity -> Kafka -> gateway in ${suspendedMs} ms`,
      );
      expect(await subscriptionRow(tenantId)).toEqual({ end: '2099-01-01', active: false });

      // Only tenant B is refused.
      expect((await call('GET', '/api/FiscalYears', { token: admin.token })).status).toBe(200);
      // The relay got every row to the broker and marked it sent (not merely re-sending a failing batch whose
      // other records happen to arrive).
      await waitFor(
        'every outbox row of identity marked sent',
        async () => (await unsentRows()) === 0,
        15_000,
      );
    },
    60_000,
  );

  step(
    'loses no audit event and applies none twice when identity and the gateway are SIGKILLed mid-stream',
    async () => {
      const tenantId = await provisionTenant('Tenant C', 'c_admin', 'C-admin!123');
      const c = await login('c_admin', 'C-admin!123');

      // The stream: users created one after another, each with its audit event; a request that fails while the
      // processes are down is retried. A retry answered 409 userNameAlreadyUsed means the lost attempt committed.
      const acknowledged = new Set<string>();
      const committedUnanswered = new Set<string>();
      let failedAttempts = 0;
      const streamDeadline = Date.now() + 90_000;
      const stream = (async () => {
        for (let i = 0; i < STREAM_SIZE; i++) {
          const userName = `fault_${String(i).padStart(2, '0')}`;
          for (let attempt = 1; ; attempt++) {
            if (stopStream || Date.now() > streamDeadline) throw new Error(`stream stopped at ${userName}`);
            let res: Reply;
            try {
              res = await call('POST', '/api/Users', {
                token: admin.token,
                body: {
                  userName,
                  fullName: `Fault user ${i}`,
                  password: USER_PASSWORD,
                  confirmPassword: USER_PASSWORD,
                  branches: [admin.defaultBranchId],
                  permissions: ['viewItems'],
                },
              });
            } catch {
              failedAttempts++;
              await sleep(100);
              continue;
            }
            if (res.status === 201) {
              acknowledged.add(userName);
              break;
            }
            if (res.status === 409 && res.body?.code === 'userNameAlreadyUsed' && attempt > 1) {
              committedUnanswered.add(userName);
              break;
            }
            if (res.status >= 500) {
              failedAttempts++; // the gateway is up, identity not (yet)
              await sleep(100);
              continue;
            }
            throw new Error(`creating ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      })();
      stream.catch(() => undefined);

      await Promise.race([
        waitFor('the stream to get going', async () => acknowledged.size >= KILL_AFTER, 30_000, 5),
        stream.then(() => Promise.reject(new Error('the stream ended before the kill'))),
      ]);
      const killedAt = Date.now();
      await Promise.all([procs.identity!.kill('SIGKILL'), procs.gateway!.kill('SIGKILL')]);
      const backlog = {
        unsent: await unsentRows(),
        unapplied:
          Number(
            (await identityDb!('outbox').where({ type: 'audit.record.created' }).count({ n: '*' }))[0]!.n,
          ) - Number((await identityDb!('audit_logs').countDistinct({ n: 'event_id' }))[0]!.n),
      };
      // A SIGKILL between publishing a batch and marking it sent leaves published rows unsent; the relay publishes
      // them again on restart. Leave that state on purpose (the last rows sent, and every tenant event) so the
      // consumers have duplicates to ignore whatever the kill happened to hit.
      const lastSent = await identityDb!('outbox')
        .whereNotNull('sent_at')
        .orderBy('seq', 'desc')
        .limit(10)
        .select('seq');
      const tenantSent = await identityDb!('outbox')
        .whereNotNull('sent_at')
        .where({ type: 'identity.tenant.changed' })
        .select('seq');
      const requeued = [...new Set([...lastSent, ...tenantSent].map((r) => Number(r.seq)))];
      await identityDb!('outbox').whereIn('seq', requeued).update({ sent_at: null });
      const [identity, gateway] = await Promise.all([procs.identity!.restart(), procs.gateway!.restart()]);
      procs.identity = identity;
      procs.gateway = gateway;
      const restartMs = Date.now() - killedAt;
      await stream;
      const streamDoneAt = Date.now();

      // Every user that exists was created exactly once, and the stream's answers account for all of them.
      const users = await identityDb!('users')
        .where('user_name', 'like', 'fault\\_%')
        .select('id', 'user_name');
      const names = users.map((u) => String(u.user_name)).sort();
      expect(names).toHaveLength(STREAM_SIZE);
      expect(names).toEqual([...acknowledged, ...committedUnanswered].sort());

      // The relay publishes the whole outbox (including rows that were published but not marked sent)...
      await waitFor('an empty outbox', async () => (await unsentRows()) === 0, 60_000);
      const outbox = (
        await identityDb!('outbox').where({ type: 'audit.record.created' }).select('id', 'envelope')
      ).map((r) => ({
        id: String(r.id),
        envelope: JSON.parse(String(r.envelope)) as {
          payload: { entity: string; entityId: string; action: string; changes: unknown[] };
        },
      }));
      // ...and the audit consumer applies each of those events.
      const distinctApplied = async () =>
        Number((await identityDb!('audit_logs').countDistinct({ n: 'event_id' }))[0]!.n);
      await waitFor(
        'every audit event in audit_logs',
        async () => (await distinctApplied()) === outbox.length,
        60_000,
      );
      const drainedMs = Date.now() - streamDoneAt;

      // One audit event per created user, none for a retried attempt that found the user there.
      const userIds = new Set(users.map((u) => String(u.id)));
      const created = outbox.filter(
        (e) =>
          e.envelope.payload.entity === 'user' &&
          e.envelope.payload.action === 'created' &&
          userIds.has(e.envelope.payload.entityId),
      );
      expect(created).toHaveLength(STREAM_SIZE);
      expect(new Set(created.map((e) => e.envelope.payload.entityId)).size).toBe(STREAM_SIZE);

      // Each event applied once: exactly one audit_logs row per changed property, one inbox row per event.
      const rows = (await identityDb!('audit_logs')
        .select('event_id')
        .count({ n: '*' })
        .groupBy('event_id')) as {
        event_id: string;
        n: number | string;
      }[];
      const rowsByEvent = new Map(rows.map((r) => [String(r.event_id), Number(r.n)]));
      expect([...rowsByEvent.keys()].sort()).toEqual(outbox.map((e) => e.id).sort());
      for (const e of outbox)
        expect([e.id, rowsByEvent.get(e.id)]).toEqual([e.id, Math.max(1, e.envelope.payload.changes.length)]);
      const inbox = await identityDb!('inbox').where({ consumer: 'identity' }).select('event_id');
      expect(inbox.map((r) => String(r.event_id)).sort()).toEqual(outbox.map((e) => e.id).sort());
      expect(Number((await identityDb!('dead_letters').count({ n: '*' }))[0]!.n)).toBe(0);

      // The restarted gateway still follows identity: a change made after the restart reaches its replica...
      await changeSubscription(tenantId, '2021-01-01', true);
      const crossedMs = await untilGatewayAnswers(c.token, 401, 'Tenant subscription expired');
      expect(await subscriptionRow(tenantId)).toEqual({ end: '2021-01-01', active: true });
      // ...and has applied every tenant event exactly once.
      // (the gateway also follows the users' events, for revoking their tokens: each of those once too)
      const followed = [
        'identity.tenant.changed',
        'identity.user.created',
        'identity.user.changed',
        'identity.user.deleted',
        'identity.user.sessionsRevoked',
      ];
      const tenantEvents = (await identityDb!('outbox').whereIn('type', followed).select('id'))
        .map((r) => String(r.id))
        .sort();
      const gatewayInbox = async () =>
        (await gatewayDb!('inbox').where({ consumer: 'gateway' }).select('event_id'))
          .map((r) => String(r.event_id))
          .sort();
      await waitFor(
        'every tenant and user event in the gateway inbox',
        async () => (await gatewayInbox()).length >= tenantEvents.length,
        30_000,
      );
      expect(await gatewayInbox()).toEqual(tenantEvents);
      expect(Number((await gatewayDb!('dead_letters').count({ n: '*' }))[0]!.n)).toBe(0);

      console.log(
        `[system] SIGKILL of identity + gateway after ${KILL_AFTER} of ${STREAM_SIZE} users: both back in ${restartMs} ms, ` +
          `${failedAttempts} failed attempts retried (${committedUnanswered.size} committed but unanswered), ` +
          `at the kill ${backlog.unsent} outbox rows unsent and ${backlog.unapplied} audit events unapplied, ` +
          `${requeued.length} published rows re-queued, ` +
          `${outbox.length} audit events all applied once ${drainedMs} ms after the stream ended, ` +
          `post-restart subscription change crossed in ${crossedMs} ms`,
      );
    },
    150_000,
  );

  step(
    "rebuilds another process's replica from identity over Kafka (issue 10 item 3)",
    async () => {
      const inventoryDb = await openDatabase({
        client: 'mysql',
        url: MYSQL_URL,
        database: `${prefix}inventory`,
      });
      try {
        // the demo tenant's branches: the other tenants' copies are left alone by its admin's rebuild
        const tenantId = String(
          (await identityDb!('users').where({ user_name: 'admin' }).first('tenant_id'))!.tenant_id,
        );
        const names = async (db: Db, table: string) =>
          (
            await db(table)
              .where({ tenant_id: tenantId })
              .orderBy('id')
              .select('id', 'arabic_name', 'english_name')
          ).map((r) => ({ ...r }));
        admin ??= await login('admin', ADMIN_PASSWORD);
        const source = await names(identityDb!, 'branches');
        await waitFor(
          "identity's branches in inventory's replica",
          async () => JSON.stringify(await names(inventoryDb, 'replica_branches')) === JSON.stringify(source),
          30_000,
        );
        await inventoryDb('replica_branches').where({ tenant_id: tenantId }).delete();
        const res = await call('POST', '/api/admin/identity/replicas/republish', {
          token: admin.token,
          body: {},
        });
        expect(res.status).toBe(200);
        const started = Date.now();
        await waitFor(
          'the replica rebuilt',
          async () => JSON.stringify(await names(inventoryDb, 'replica_branches')) === JSON.stringify(source),
          30_000,
        );
        console.log(
          `[system] inventory's branch replica rebuilt from identity in ${Date.now() - started} ms`,
        );
      } finally {
        await inventoryDb.destroy();
      }
    },
    60_000,
  );

  step(
    'a sales invoice issued through the gateway holds its stock in inventory, moves it and books the ledger (issue 14)',
    async () => {
      admin ??= await login('admin', ADMIN_PASSWORD);
      const as = { token: admin.token, branchId: admin.defaultBranchId };
      const made = async (url: string, body: unknown) => {
        const res = await call('POST', url, { ...as, body });
        if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
        return String(res.body?.id);
      };
      const tag = randomBytes(3).toString('hex');
      const piece = await made('/api/Units', { arabicName: `حبة ${tag}` });
      const category = await made('/api/ItemCategories', { arabicName: `فئة ${tag}` });
      const store = await made('/api/Stores', { arabicName: `مخزن ${tag}`, branchId: admin.defaultBranchId });
      const item = await made('/api/Items', {
        arabicName: `صنف ${tag}`,
        barcode: `628${Date.now() % 1_000_000_000}`,
        categoryId: category,
        mainUnitId: piece,
        salesPrice: '10',
        costPrice: '4',
        openingBalances: [{ storeId: store, quantity: '5', unitCost: '4' }],
      });
      const cash = await made('/api/PaymentMethods', { arabicName: `نقدي ${tag}`, kind: 'cash' });
      const customer = await made('/api/Customers', { arabicName: `عميل ${tag}` });
      const invoice = (quantity: string) => ({
        date: new Date().toISOString().slice(0, 10),
        customerId: customer,
        paymentType: 'cash',
        lines: [
          {
            itemId: item,
            unitId: piece,
            storeId: store,
            quantity,
            price: '10',
            taxCategory: 'S',
            taxRate: '15',
          },
        ],
        payments: [{ paymentMethodId: cash, amount: '100' }],
        then: 'issue',
      });
      // the item and the payment method reach sales over Kafka; until then the invoice names what sales lacks
      const started = Date.now();
      const issued = await waitFor(
        'the invoice issued once sales holds the item and the payment method',
        async () => {
          const res = await call('POST', '/api/SalesInvoices', { ...as, body: invoice('3') });
          return res.status === 201 ? res.body : false;
        },
        60_000,
        250,
      );
      expect(issued).toMatchObject({ status: 'issued', paidStatus: 'fully', change: '65.50' });
      // more than is left (2): inventory refuses the hold, through the gateway, and nothing is issued
      const refused = await call('POST', '/api/SalesInvoices', { ...as, body: invoice('3') });
      expect(refused.status).toBe(409);
      expect(refused.body?.errors?.[0]).toMatchObject({
        field: 'lines.0.quantity',
        code: 'validation.availableQuantity',
      });
      const inventoryDb = await openDatabase({
        client: 'mysql',
        url: MYSQL_URL,
        database: `${prefix}inventory`,
      });
      const accountsDb = await openDatabase({
        client: 'mysql',
        url: MYSQL_URL,
        database: `${prefix}accounts`,
      });
      try {
        const moved = await waitFor(
          'the stock moved by the invoice',
          async () => {
            const row = await inventoryDb('stock_movements')
              .where({ document_id: issued.id })
              .sum({ q: 'quantity' })
              .first();
            return Number(row?.q ?? 0) === -30_000 ? true : false;
          },
          30_000,
        );
        expect(moved).toBe(true);
        const booked = await waitFor(
          'both parts of the invoice in the posting documents',
          async () => {
            const row = await accountsDb('posting_documents').where({ document_id: issued.id }).first();
            return row && row.money_revision !== null && Number(row.revision) > 0 ? row : false;
          },
          30_000,
        );
        // the branch's automatic posting is off for a new tenant: the invoice waits to be posted, whole
        expect(booked).toMatchObject({ source_service: 'sales', document_type: 'salesInvoices' });
        expect(Number(booked.out_value)).toBe(120_000);
        console.log(
          `[system] a sales invoice issued, stock moved and both ledger parts known in ${Date.now() - started} ms`,
        );
      } finally {
        await inventoryDb.destroy();
        await accountsDb.destroy();
      }
    },
    120_000,
  );
});
