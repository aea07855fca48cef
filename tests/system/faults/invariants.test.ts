import { serviceNames } from '@erp/contracts';
import type { Db } from '@erp/service-kit';
import { salesFixture, type SalesFixture } from '../../../services/sales/test/support/sales-fixture';
import { engines } from '../../support/databases';
import { atAnyMoment, consumerTypes, whenSettled, type Databases } from './invariants';
import { recoveryFigures, recoveryOf, type FaultRecord } from './report';
import { faultSchedule, recoveryFaults } from './schedule';
import { newOutcomes } from './workload';

/**
 * The fault run's checker is only as good as what it catches: on a real flow (an invoice issued, its stock moved
 * and both parts booked), it finds nothing; then each planted defect, of the kinds the run looks
 * for, is reported by the invariant that names it, and undone.
 */
describe.each(engines())('the fault run’s invariants on %s', (engine) => {
  let f: SalesFixture;
  let dbs: Databases;
  let invoiceId = '';
  const outcomes = newOutcomes();
  const consumers = consumerTypes();

  beforeAll(async () => {
    f = await salesFixture(engine);
    const item = await f.item('ماء', '6281000007019', '10', '4', '100');
    const customer = (await f.create('/api/Customers', { arabicName: 'عميل' })).id;
    // as the run's clients write: with an idempotency key
    const res = await f.app.api
      .post('/api/SalesInvoices')
      .set({ ...f.as(), 'Idempotency-Key': 'k1' })
      .send({
        date: new Date().toISOString().slice(0, 10),
        customerId: customer,
        paymentType: 'cash',
        lines: [
          {
            itemId: item,
            unitId: f.ids.piece,
            storeId: f.ids.store,
            quantity: '3',
            price: '10',
            taxCategory: 'S',
            taxRate: '15',
          },
        ],
        payments: [{ paymentMethodId: f.ids.cash, amount: '34.5' }],
        then: 'issue',
      });
    expect(res.status).toBe(201);
    const invoice = res.body as { id: string; code: string };
    invoiceId = invoice.id;
    outcomes.acks.push({
      kind: 'invoice',
      key: 'k1',
      id: invoice.id,
      code: invoice.code,
      status: 'issued',
      at: 0,
    });
    await f.app.flush();
    dbs = Object.fromEntries(
      serviceNames.map((n) => [n, f.app.embedded.services[n]!.db as Db]),
    ) as unknown as Databases;
  }, 120_000);
  afterAll(async () => f?.stop());

  const names = async () => (await atAnyMoment(dbs)).map((v) => v.invariant);

  it('finds nothing wrong in a real flow, at any moment and once settled', async () => {
    expect(await atAnyMoment(dbs)).toEqual([]);
    expect(await whenSettled(dbs, outcomes, consumers)).toEqual([]);
  });

  it('reports a journal line changed after posting, and nothing once it is put back', async () => {
    const line = (await dbs.accounts('journal_lines').where('debit', '>', 0).first()) as Record<
      string,
      unknown
    >;
    const where = { entry_id: line.entry_id, line_no: line.line_no };
    await dbs.accounts('journal_lines').where(where).increment('debit', 1);
    try {
      expect(await names()).toEqual(
        expect.arrayContaining([
          'every journal entry balances',
          'the trial balance balances per branch and period',
          'every kept balance equals its recomputation from lines',
          "the journal's hash chain verifies",
        ]),
      );
    } finally {
      await dbs.accounts('journal_lines').where(where).decrement('debit', 1);
    }
    expect(await names()).toEqual([]);
  });

  it('reports stock that differs from its movements, and a negative balance', async () => {
    const balance = (await dbs.inventory('stock_balances').first()) as Record<string, unknown>;
    const where = { tenant_id: balance.tenant_id, item_id: balance.item_id, store_id: balance.store_id };
    await dbs.inventory('stock_balances').where(where).update({ quantity: -10_000 });
    try {
      expect(await names()).toEqual(
        expect.arrayContaining([
          'stock per item and store equals the sum of its movements',
          'no negative stock',
        ]),
      );
    } finally {
      await dbs.inventory('stock_balances').where(where).update({ quantity: balance.quantity });
    }
    expect(await names()).toEqual([]);
  });

  it('reports a document no key made (a retried write saved twice)', async () => {
    const row = (await dbs.sales('doc_sales_invoices').where({ id: invoiceId }).first()) as Record<
      string,
      unknown
    >;
    const twin = {
      ...row,
      id: '01a20000-0000-7000-8000-000000000001',
      code: `${String(row.code)}9`,
      seq: 999_999,
    };
    await dbs.sales('doc_sales_invoices').insert(twin);
    try {
      expect(await names()).toEqual(['no key made two documents']);
    } finally {
      await dbs.sales('doc_sales_invoices').where({ id: twin.id }).delete();
    }
  });

  it('reports an acknowledged write that is not there, an event not applied, and a ledger short of an invoice', async () => {
    const lost = { ...outcomes.acks[0]!, id: '01a20000-0000-7000-8000-000000000002' };
    const applied = (await dbs
      .accounts('inbox')
      .where({ consumer: 'accounts', type: 'sales.document.changed' })
      .first()) as Record<string, unknown>;
    await dbs.accounts('inbox').where({ consumer: 'accounts', event_id: applied.event_id }).delete();
    try {
      const found = await whenSettled(dbs, { ...outcomes, acks: [...outcomes.acks, lost] }, consumers);
      expect(found.map((v) => v.invariant)).toEqual(
        expect.arrayContaining([
          'nothing acknowledged is lost',
          'every event is applied once by each of its consumers',
        ]),
      );
    } finally {
      await dbs.accounts('inbox').insert(applied);
    }
    const entries = (await dbs
      .accounts('journal_entries')
      .where({ source_type: 'sales.salesInvoices', source_id: invoiceId })
      .select('id')) as { id: string }[];
    const ids = entries.map((e) => e.id);
    const kept = await dbs.accounts('journal_lines').whereIn('entry_id', ids).select('*');
    await dbs.accounts('journal_lines').whereIn('entry_id', ids).delete();
    try {
      expect((await whenSettled(dbs, outcomes, consumers)).map((v) => v.invariant)).toEqual(
        expect.arrayContaining([
          'the ledger books every issued invoice once',
          "the cost of goods sold in the ledger equals inventory's issued value",
        ]),
      );
    } finally {
      await dbs.accounts('journal_lines').insert(kept);
    }
    expect(await whenSettled(dbs, outcomes, consumers)).toEqual([]);
  });
});

describe('the fault schedule', () => {
  const options = {
    seed: 7,
    count: 300,
    spacingMs: 1_000,
    holdMs: [5_000, 8_000] as [number, number],
    processes: ['sales', 'inventory', 'accounts', 'identity', 'gateway'],
    namespaced: ['sales', 'inventory', 'accounts'],
    burst: 10,
    gapMs: 8_000,
  };

  it('is the same for the same seed (a failing seed replays its faults), another for another seed', () => {
    expect(faultSchedule(options)).toEqual(faultSchedule(options));
    expect(faultSchedule({ ...options, seed: 8 })).not.toEqual(faultSchedule(options));
  });

  it('holds each kind, never two faults on one target at once, and a quiet gap after every burst', () => {
    const faults = faultSchedule(options);
    expect(faults).toHaveLength(300);
    expect(new Set(faults.map((f) => f.kind))).toEqual(
      new Set(['kill', 'pause', 'broker', 'cutDb', 'cutBus', 'clock']),
    );
    const busy = new Map<string, number>();
    for (const f of faults) {
      const target = f.target.split(':')[0]!;
      expect(f.at).toBeGreaterThan(busy.get(target) ?? -1);
      busy.set(target, f.at + f.durationMs);
    }
    for (let i = 10; i < faults.length; i += 10)
      expect(faults[i]!.at - faults[i - 1]!.at).toBeGreaterThanOrEqual(options.gapMs);
    for (const f of faults.filter((x) => x.kind === 'pause' || x.kind === 'cutDb' || x.kind === 'clock')) {
      expect(f.durationMs).toBeGreaterThanOrEqual(5_000);
      expect(f.durationMs).toBeLessThanOrEqual(8_000);
    }
  });

  it('gives the recovery phase every kind in turn, each round, on the given targets, numbered on', () => {
    const faults = recoveryFaults({ ...options, rounds: 3, firstN: 301 });
    const kinds = ['kill', 'pause', 'cutDb', 'cutBus', 'clock', 'broker'];
    expect(faults.map((f) => f.kind)).toEqual([...kinds, ...kinds, ...kinds]);
    expect(faults.map((f) => f.n)).toEqual(Array.from({ length: 18 }, (_, i) => 301 + i));
    for (const f of faults) {
      const allowed =
        f.kind === 'broker'
          ? ['kafka']
          : f.kind === 'cutDb' || f.kind === 'cutBus'
            ? options.namespaced.map((t) => `${t}:${f.kind === 'cutDb' ? 'db' : 'bus'}`)
            : options.processes;
      expect(allowed).toContain(f.target);
      if (f.kind === 'clock') expect(Math.abs(f.offsetMs)).toBeGreaterThanOrEqual(600_000);
    }
    expect(recoveryFaults({ ...options, rounds: 3, firstN: 301 })).toEqual(faults);
    expect(recoveryFaults({ ...options, rounds: 0, firstN: 1 })).toEqual([]);
  });
});

describe('the recovery figures', () => {
  // lag polls every second; the lag is over 1 s from 10 s to 14 s (a backlog after the fault)
  const polls = Array.from({ length: 30 }, (_, i) => ({
    at: i * 1_000,
    lag: i >= 10 && i <= 14 ? 2_000 : 0,
  }));
  const probe = {
    settledAfter: (from: number) => polls.find((p) => p.at >= from && p.lag < 1_000)?.at ?? null,
  };
  const fault = (n: number, startedAt: number, endedAt: number): FaultRecord => ({
    fault: { n, kind: 'kill', target: 'sales', at: startedAt, durationMs: endedAt - startedAt, offsetMs: 0 },
    startedAt,
    endedAt,
  });

  it('counts from the fault’s end to the first write after it (in any order), then to the lag under 1 s', () => {
    // acks out of order: the earliest one at or after the end counts
    expect(recoveryOf(9_000, [12_500, 3_000, 11_200, 20_000], probe)).toEqual({
      writeMs: 2_200,
      lagMs: 6_000,
    });
    expect(recoveryOf(9_000, [3_000], probe)).toEqual({ writeMs: null, lagMs: null });
    expect(recoveryOf(25_000, [29_500], probe)).toEqual({ writeMs: 4_500, lagMs: null });
  });

  it('marks a fault alone only when no other was under way until it recovered', () => {
    const records = [fault(1, 5_000, 9_000), fault(2, 13_000, 14_000), fault(3, 20_000, 21_000)];
    recoveryFigures(records, [11_200, 14_500, 21_300], probe);
    expect(records.map((r) => [r.writeMs, r.recoveredMs, r.isolated])).toEqual([
      [2_200, 6_000, false], // fault 2 began at 13 s, before fault 1's lag settled at 15 s
      [500, 1_000, true],
      [300, 1_000, true],
    ]);
  });
});
