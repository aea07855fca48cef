import type { Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { postPendingDocuments, unpostDocuments } from '../src/posting';
import { postingFixture, type PostingFixture } from './support/posting-fixture';

const DOCS = Number(process.env.POSTING_PROPERTY_DOCS ?? 40);
const SEED = Number(process.env.POSTING_PROPERTY_SEED ?? 13);

/** A small seeded generator (mulberry32): the same run every time unless the seed is changed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}
type Gen = ReturnType<typeof generator>;

const TYPES = [
  'additionOrders',
  'exchangeOrders',
  'shortageAdjustments',
  'damageAdjustments',
  'overflowAdjustments',
  'stocktakings',
  'storageTransfers',
  'manufacturingOrders',
] as const;
type DocType = (typeof TYPES)[number];
const receives = (t: DocType) =>
  [
    'additionOrders',
    'overflowAdjustments',
    'stocktakings',
    'storageTransfers',
    'manufacturingOrders',
  ].includes(t);
const issues = (t: DocType) =>
  [
    'exchangeOrders',
    'shortageAdjustments',
    'damageAdjustments',
    'stocktakings',
    'storageTransfers',
    'manufacturingOrders',
  ].includes(t);

/** Cents as a decimal string ("-12.05"): the model counts in integers, never floats. */
const money = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * The model, written apart from the rules: each document type's net effect per link (debit positive) of what
 * entered (in), what left (out) and the cost corrections of its revision.
 */
function expectedNet(type: DocType, inC: number, outC: number, corr: number): Record<string, number> {
  const net: Record<string, number> = {};
  const add = (link: string, cents: number) => (net[link] = (net[link] ?? 0) + cents);
  switch (type) {
    case 'additionOrders':
      add('inventory', inC);
      add('stockReceipts', -inC);
      break;
    case 'exchangeOrders':
      add('stockIssues', outC);
      add('inventory', -outC);
      break;
    case 'shortageAdjustments':
      add('shortage', outC);
      add('inventory', -outC);
      break;
    case 'damageAdjustments':
      add('damage', outC);
      add('inventory', -outC);
      break;
    case 'overflowAdjustments':
      add('inventory', inC);
      add('overflow', -inC);
      break;
    case 'stocktakings':
      add('inventory', inC - outC);
      add('overflow', -inC);
      add('shortage', outC);
      break;
    case 'storageTransfers':
      add('inventory', inC - outC);
      add('goodsInTransit', outC - inC);
      break;
    case 'manufacturingOrders':
      add('inventory', inC - outC);
      add('costOfGoodsSold', outC - inC);
      break;
  }
  add('inventory', corr);
  add('costOfGoodsSold', -corr);
  return net;
}

/** The stores the events name: one of the document's branch, one of a second branch, one accounts never heard of. */
type Side = 'A' | 'B';
const STORES: Record<string, Side> = { sA: 'A', sB: 'B', sX: 'A' };
interface ModelRevision {
  inC: number;
  outC: number;
  /** What each branch's stores received and issued. */
  legs: Record<Side, { inC: number; outC: number }>;
}
interface ModelDoc {
  id: string;
  type: DocType;
  revisions: ModelRevision[];
  /** Cost corrections per revision (index = revision - 1), by the branch of their store. */
  corrections: { side: Side; value: number }[][];
}

/** Random documents, their revisions (the last one maybe a deletion) and their events. */
function generate(g: Gen, f: PostingFixture, count: number) {
  const docs: ModelDoc[] = [];
  const events: Envelope[] = [];
  for (let n = 0; n < count; n++) {
    const type = g.pick(TYPES);
    const doc: ModelDoc = { id: newId(), type, revisions: [], corrections: [] };
    const revisionCount = 1 + g.int(4);
    for (let r = 1; r <= revisionCount; r++) {
      const deleted = r > 1 && r === revisionCount && g.chance(0.25);
      const movements: {
        itemId: string;
        storeId: string;
        quantity: string;
        value: string;
        reversal: boolean;
      }[] = [];
      const before = doc.revisions[r - 2];
      // what inventory sends: the earlier revision's effect reversed (accounts must ignore it), then the lines
      if (before) {
        if (before.inC)
          movements.push({
            itemId: 'i',
            storeId: 's',
            quantity: '-1',
            value: money(-before.inC),
            reversal: true,
          });
        if (before.outC)
          movements.push({
            itemId: 'i',
            storeId: 's',
            quantity: '1',
            value: money(before.outC),
            reversal: true,
          });
      }
      let inC = 0;
      let outC = 0;
      const legs = { A: { inC: 0, outC: 0 }, B: { inC: 0, outC: 0 } };
      if (!deleted) {
        if (receives(type))
          for (let k = 0; k < 1 + g.int(3); k++) {
            const v = 1 + g.int(500_000);
            const store = g.pick(Object.keys(STORES));
            inC += v;
            legs[STORES[store]!].inC += v;
            movements.push({
              itemId: `i${k}`,
              storeId: store,
              quantity: String(1 + g.int(9)),
              value: money(v),
              reversal: false,
            });
          }
        if (issues(type) && !(type === 'stocktakings' && g.chance(0.3)))
          for (let k = 0; k < 1 + g.int(3); k++) {
            const v = 1 + g.int(500_000);
            const store = g.pick(Object.keys(STORES));
            outC += v;
            legs[STORES[store]!].outC += v;
            movements.push({
              itemId: `o${k}`,
              storeId: store,
              quantity: `-${1 + g.int(9)}`,
              value: money(-v),
              reversal: false,
            });
          }
      }
      doc.revisions.push({ inC, outC, legs });
      doc.corrections.push([]);
      events.push(
        f.envelope('inventory.stock.moved', doc.id, {
          sourceService: 'inventory',
          documentType: type,
          documentId: doc.id,
          code: `C${n}`,
          revision: r,
          date: '2026-03-01',
          movements,
        }),
      );
    }
    docs.push(doc);
  }
  // cost corrections: each event (a back-dated change's re-costing) touches lines of a few documents
  for (let k = 0; k < Math.ceil(count / 2); k++) {
    const corrections = Array.from({ length: 1 + g.int(3) }, () => {
      const doc = g.pick(docs);
      const revision = 1 + g.int(doc.revisions.length);
      const value = (g.chance(0.5) ? -1 : 1) * (1 + g.int(20_000));
      const store = g.pick(Object.keys(STORES));
      doc.corrections[revision - 1]!.push({ side: STORES[store]!, value });
      return {
        sourceService: 'inventory',
        documentType: doc.type,
        documentId: doc.id,
        code: 'x',
        revision,
        itemId: 'i',
        storeId: store,
        date: '2026-03-01',
        value: money(value),
      };
    });
    const cause = newId();
    events.push(
      f.envelope('inventory.stock.costCorrected', cause, {
        sourceService: 'inventory',
        documentType: 'additionOrders',
        documentId: cause,
        revision: 1,
        part: 1,
        corrections,
      }),
    );
  }
  return { docs, events };
}

/** Out of order, each event maybe twice (a redelivery keeps its id). */
function shuffledWithDuplicates(g: Gen, events: Envelope[]): Envelope[] {
  const list = events.flatMap((e) => (g.chance(0.2) ? [e, e] : [e]));
  for (let i = list.length - 1; i > 0; i--) {
    const j = g.int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * The model's booking of each document: its last revision and that revision's corrections, per branch (the
 * branch of the stores) and account (`<branchId>|<accountId>`).
 */
function modelBookings(
  f: PostingFixture,
  docs: ModelDoc[],
  branches: Record<Side, string>,
): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const d of docs) {
    const last = d.revisions[d.revisions.length - 1]!;
    const m = new Map<string, bigint>();
    for (const side of ['A', 'B'] as const) {
      const corr = d.corrections[d.revisions.length - 1]!.filter((c) => c.side === side).reduce(
        (sum, c) => sum + c.value,
        0,
      );
      const leg = last.legs[side];
      for (const [link, cents] of Object.entries(expectedNet(d.type, leg.inC, leg.outC, corr))) {
        const key = `${branches[side]}|${f.links[link]!}`;
        const net = (m.get(key) ?? 0n) + BigInt(cents) * 100n;
        if (net === 0n) m.delete(key);
        else m.set(key, net);
      }
    }
    if (m.size > 0) out.set(d.id, m);
  }
  return out;
}

const sorted = (m: Map<string, Map<string, bigint>>) =>
  [...m.entries()].map(([doc, accounts]) => [doc, [...accounts.entries()].sort()] as const).sort();

/**
 * Posting from events against a simple model (issue 13, deliverable 3): random stock documents of every declared
 * type with revisions, deletions and cost corrections, their stores in two branches (and one store not heard of,
 * taken as the document's branch), delivered out of order and twice. Afterwards every entry
 * balances, the journal's debits equal its credits, each document's live booking is the model's, and a second
 * delivery of everything books nothing.
 */
describe.each(engines())('posting stock documents from events against a model on %s', (engine) => {
  let f: PostingFixture;
  let branches: Record<Side, string>;
  beforeAll(async () => {
    f = await postingFixture(engine);
    // a second branch, linked like the first, and the stores of each as inventory announces them
    const second = await f.app.api
      .post('/api/Branches')
      .set(f.headers())
      .send({ code: '7', arabicName: 'فرع جدة', accountLinks: f.links });
    expect(second.status).toBe(201);
    await f.app.flush();
    branches = { A: f.branchId, B: String(second.body.id) };
    for (const [store, side] of [
      ['sA', 'A'],
      ['sB', 'B'],
    ] as const)
      await f.deliver(
        f.envelope('inventory.masterData.changed', store, {
          entity: 'stores',
          id: store,
          code: store,
          arabicName: store,
          englishName: store,
          deleted: false,
          record: { branchId: branches[side] },
        }),
      );
  });
  afterAll(async () => f?.stop());

  it(`books ${DOCS} documents with automatic posting as the model says, once`, async () => {
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
    const g = generator(SEED);
    const { docs, events } = generate(g, f, DOCS);
    for (const e of shuffledWithDuplicates(g, events)) await f.deliver(e);
    await f.checkBalanced();
    const model = modelBookings(f, docs, branches);
    // most documents end with an amount (a few are deleted): the comparison is not of two empty lists
    expect(model.size).toBeGreaterThan(DOCS / 2);
    expect(sorted(await f.liveBookings(true))).toEqual(sorted(model));
    const entries = await f.entryCount();
    for (const e of shuffledWithDuplicates(g, events)) await f.deliver(e);
    expect(await f.entryCount()).toBe(entries);
  }, 600_000);

  it('keeps documents unposted while automatic posting is off, then posts and un-posts them in bulk', async () => {
    expect((await f.branch({ switches: { automaticPosting: false } })).status).toBe(200);
    const before = await f.liveBookings(true);
    const g = generator(SEED + 1);
    const { docs, events } = generate(g, f, Math.max(8, Math.ceil(DOCS / 4)));
    for (const e of shuffledWithDuplicates(g, events)) await f.deliver(e);
    const ids = new Set(docs.map((d) => d.id));
    const live = async () => new Map([...(await f.liveBookings(true))].filter(([doc]) => ids.has(doc)));
    expect((await live()).size).toBe(0);
    const db = f.accountsDb();
    await db.transaction((trx) => postPendingDocuments(trx, f.tenantId, f.branchId, {}));
    expect(sorted(await live())).toEqual(sorted(modelBookings(f, docs, branches)));
    await f.checkBalanced();
    // un-posting reverses the new ones and the earlier ones alike; posting again restores all
    await db.transaction((trx) => unpostDocuments(trx, f.tenantId, f.branchId, { documentIds: [...ids] }));
    expect((await live()).size).toBe(0);
    expect(sorted(await f.liveBookings(true))).toEqual(sorted(before));
    await db.transaction((trx) => postPendingDocuments(trx, f.tenantId, f.branchId, { limit: 1000 }));
    expect(sorted(await live())).toEqual(sorted(modelBookings(f, docs, branches)));
    await f.checkBalanced();
  }, 600_000);
});
