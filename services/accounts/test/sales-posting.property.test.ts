import type { Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { seeded } from '../../../tests/support/seeded';
import { postingFixture, type PostingFixture } from './support/posting-fixture';

const DOCS = Number(process.env.SALES_POSTING_PROPERTY_DOCS ?? 30);
const SEED = Number(process.env.SALES_POSTING_PROPERTY_SEED ?? 14);

const generator = seeded;
type Gen = ReturnType<typeof generator>;

/** Cents as a decimal string ("-12.05"): the model counts in integers, never floats. */
const money = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

type DocType = 'salesInvoices' | 'salesReturns';
const KINDS = ['cash', 'card', 'bankTransfer', 'cheque', 'wallet', 'other'] as const;
const CATEGORIES = [
  { category: 'S', rate: 15 },
  { category: 'Z', rate: 0 },
  { category: 'E', rate: 0 },
  { category: 'O', rate: 0 },
] as const;

/** One revision's money in cents, as sales computes it (each category's VAT rounded half up). */
interface ModelMoney {
  gross: number;
  discount: number;
  vat: number;
  total: number;
  categories: { category: string; rate: number; taxable: number; vat: number }[];
  payments: { kind: string; amount: number }[];
}

function randomMoney(g: Gen): ModelMoney {
  const picked = CATEGORIES.filter(() => g.chance(0.5));
  const categories = (picked.length > 0 ? picked : [CATEGORIES[0]]).map(({ category, rate }) => {
    const taxable = 1 + g.int(200_000);
    return { category, rate, taxable, vat: Math.floor((taxable * rate + 50) / 100) };
  });
  const taxable = categories.reduce((s, c) => s + c.taxable, 0);
  const vat = categories.reduce((s, c) => s + c.vat, 0);
  const discount = g.chance(0.5) ? 0 : 1 + g.int(10_000);
  const total = taxable + vat;
  let left = g.chance(0.3) ? total : g.int(total + 1);
  const payments: { kind: string; amount: number }[] = [];
  for (let k = 0; k < g.int(4) && left > 0; k++) {
    const amount = k === 2 ? left : 1 + g.int(left);
    payments.push({ kind: g.pick(KINDS), amount });
    left -= amount;
  }
  return { gross: taxable + discount, discount, vat, total, categories, payments };
}

/** The model, written apart from the rules: a part's net effect per link (debit positive), in cents. */
function expectedNet(type: DocType, m: ModelMoney | null, stock: number | null): Record<string, number> {
  const net: Record<string, number> = {};
  const add = (link: string, cents: number) => (net[link] = (net[link] ?? 0) + cents);
  const sign = type === 'salesInvoices' ? 1 : -1;
  if (m) {
    const cash = m.payments.filter((p) => p.kind === 'cash').reduce((s, p) => s + p.amount, 0);
    const other = m.payments.filter((p) => p.kind !== 'cash').reduce((s, p) => s + p.amount, 0);
    add(type === 'salesInvoices' ? 'sales' : 'salesReturns', -sign * m.gross);
    add('vatOutput', -sign * m.vat);
    add('discountsAllowed', sign * m.discount);
    add('cash', sign * cash);
    add('banks', sign * other);
    add('receivables', sign * (m.total - cash - other));
  }
  // an invoice issues stock at cost (out), a return takes it back (in)
  if (stock !== null) {
    add('costOfGoodsSold', sign * stock);
    add('inventory', -sign * stock);
  }
  return net;
}

interface ModelRevision {
  /** null: cancelled. */
  money: ModelMoney | null;
  /** The value at cost moved (positive; null: no lines); undefined: no stock event for this revision. */
  stock?: number | null;
}
interface ModelDoc {
  id: string;
  type: DocType;
  revisions: ModelRevision[];
}

function moneyEvent(f: PostingFixture, d: ModelDoc, revision: number, m: ModelMoney | null): Envelope {
  return f.envelope('sales.document.changed', d.id, {
    documentType: d.type,
    documentId: d.id,
    code: `26-${d.id.slice(-4)}`,
    revision,
    date: `${f.year}-04-01`,
    deleted: m === null,
    customerId: null,
    gross: money(m?.gross ?? 0),
    discount: money(m?.discount ?? 0),
    vat: money(m?.vat ?? 0),
    total: money(m?.total ?? 0),
    vatCategories: (m?.categories ?? []).map((c) => ({
      category: c.category,
      rate: String(c.rate),
      taxable: money(c.taxable),
      vat: money(c.vat),
    })),
    payments: (m?.payments ?? []).map((p, i) => ({
      methodId: `pm${i}`,
      kind: p.kind,
      amount: money(p.amount),
    })),
  });
}

function stockEvent(f: PostingFixture, d: ModelDoc, revision: number, value: number | null): Envelope {
  const signed = d.type === 'salesInvoices' ? -(value ?? 0) : (value ?? 0);
  return f.envelope('inventory.stock.moved', d.id, {
    sourceService: 'sales',
    documentType: d.type,
    documentId: d.id,
    code: `26-${d.id.slice(-4)}`,
    revision,
    date: `${f.year}-04-01`,
    movements:
      value === null
        ? []
        : [
            {
              itemId: 'i',
              storeId: 's',
              quantity: signed < 0 ? '-2' : '2',
              value: money(signed),
              reversal: false,
            },
          ],
  });
}

/**
 * Random invoices and returns with revisions (the last maybe a cancellation), each revision's money and stock
 * events (a stock event sometimes missing), late events of older revisions with other figures, and the same
 * revisions again under new event ids.
 */
function generate(g: Gen, f: PostingFixture, count: number) {
  const docs: ModelDoc[] = [];
  const events: Envelope[] = [];
  for (let n = 0; n < count; n++) {
    const d: ModelDoc = {
      id: newId(),
      type: g.chance(0.7) ? 'salesInvoices' : 'salesReturns',
      revisions: [],
    };
    const revisionCount = 1 + g.int(4);
    for (let r = 1; r <= revisionCount; r++) {
      const cancelled = r > 1 && r === revisionCount && g.chance(0.3);
      const rev: ModelRevision = { money: cancelled ? null : randomMoney(g) };
      if (!g.chance(0.2)) rev.stock = cancelled || g.chance(0.1) ? null : 1 + g.int(300_000);
      d.revisions.push(rev);
      events.push(moneyEvent(f, d, r, rev.money));
      if (rev.stock !== undefined) events.push(stockEvent(f, d, r, rev.stock));
      // a producer's retry of the same revision: a new id, the same figures
      if (g.chance(0.2)) events.push({ ...events[events.length - 1]!, id: newId() });
    }
    // a revision of a part older than its last, with other figures: stale, whenever it arrives
    const lastStock = d.revisions.map((r) => r.stock !== undefined).lastIndexOf(true) + 1;
    for (let r = 1; r < revisionCount; r++)
      if (g.chance(0.3)) events.push(moneyEvent(f, d, r, randomMoney(g)));
    for (let r = 1; r < lastStock; r++) if (g.chance(0.3)) events.push(stockEvent(f, d, r, 1 + g.int(9_999)));
    docs.push(d);
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

/** The model's booking of each document, from the last revision of each part: per account, stored units. */
function modelBookings(f: PostingFixture, docs: ModelDoc[]): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const d of docs) {
    const m = d.revisions[d.revisions.length - 1]!.money;
    const stocked = d.revisions.filter((r) => r.stock !== undefined);
    const stock = stocked.length > 0 ? stocked[stocked.length - 1]!.stock! : null;
    const booked = new Map<string, bigint>();
    for (const [link, cents] of Object.entries(expectedNet(d.type, m, stock))) {
      const account = f.links[link]!;
      const net = (booked.get(account) ?? 0n) + BigInt(cents) * 100n;
      if (net === 0n) booked.delete(account);
      else booked.set(account, net);
    }
    if (booked.size > 0) out.set(d.id, booked);
  }
  return out;
}

const sorted = (m: Map<string, Map<string, bigint>>) =>
  [...m.entries()].map(([doc, accounts]) => [doc, [...accounts.entries()].sort()] as const).sort();

/**
 * Sales documents booked from their two events against a simple model (issue 14, deliverable 5): random invoices
 * and returns, revisions and cancellations, their money and stock events out of order, twice, late and retried.
 * Afterwards every entry balances, each document's live booking is the model's (the last revision of each part),
 * and a second delivery of everything books nothing.
 */
describe.each(engines())('posting sales documents from events against a model on %s', (engine) => {
  let f: PostingFixture;
  beforeAll(async () => {
    f = await postingFixture(engine);
  });
  afterAll(async () => f?.stop());

  it(`books ${DOCS} documents as the model says, once`, async () => {
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
    const g = generator(SEED);
    const { docs, events } = generate(g, f, DOCS);
    for (const e of shuffledWithDuplicates(g, events)) await f.deliver(e);
    await f.checkBalanced();
    const model = modelBookings(f, docs);
    expect(model.size).toBeGreaterThan(DOCS / 2);
    expect(sorted(await f.liveBookings(false, 'sales'))).toEqual(sorted(model));
    const entries = await f.entryCount();
    for (const e of shuffledWithDuplicates(g, events)) await f.deliver(e);
    expect(await f.entryCount()).toBe(entries);
  }, 600_000);
});
