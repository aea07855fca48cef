import { nextTillSale, type TillChainState, type TillSaleInput } from '@erp/contracts';
import { seeded, type Seeded } from '../../support/seeded';
import { FaultClient, type Reply } from './client';

/**
 * The fault run's workload (issue 16 item 1), driven through the gateway: sales invoices and returns, point-of-sale
 * sales queued offline on tills and synced in order, back-dated addition orders (which re-cost the sales after
 * them), journal vouchers, and bulk un-posting and posting of voucher ranges. Every write carries an idempotency
 * key and is retried as a client would (client.ts). Each client's choices come from its own generator seeded
 * from the run's seed, so a seed replays the same operations in the same order per client.
 */

export type Kind = 'invoice' | 'return' | 'pos' | 'addition' | 'voucher' | 'bulk';

/** A write the client got a final answer to. */
export interface Ack {
  kind: Kind;
  key: string;
  /** The document's id (for a till sale: its invoice's id when issued, else ''). */
  id: string;
  code: string;
  /** The answer's status field (a till sale: issued or needsAttention). */
  status: string;
  /** When the answer came, on the run's clock (ms since the run started). */
  at: number;
}

export interface InvoiceLine {
  lineNo: number;
  itemId: string;
  quantity: number;
  price: number;
  returned: number;
}

export interface Fixture {
  branchId: string;
  today: string;
  piece: string;
  store: string;
  /** Items with ample stock, and one with a few units (sales of it get refused when it runs out). */
  items: string[];
  scarce: string;
  cash: string;
  customer: string;
  safe: string;
  tills: TillChainState[];
  /** Two leaf accounts no posting rule of the branch uses: vouchers move money between them. */
  voucherAccounts: [string, string];
}

export interface Outcomes {
  acks: Ack[];
  /** Final answers that refused the write (4xx), by kind and code. */
  refused: Map<string, number>;
  /** Keys whose client gave up (no final answer within its patience): outcome unknown to the client. */
  unknown: { kind: Kind; key: string }[];
  /** Invoices acknowledged, with what has been returned of their lines (for returns). */
  invoices: { id: string; lines: InvoiceLine[] }[];
  vouchers: { id: string; code: string }[];
  /** Times (run clock) of acknowledged writes, for the recovery figures. */
  ackTimes: number[];
}

export function newOutcomes(): Outcomes {
  return { acks: [], refused: new Map(), unknown: [], invoices: [], vouchers: [], ackTimes: [] };
}

const ok = (r: Reply) => r.status >= 200 && r.status < 300;

async function must(client: FaultClient, method: string, path: string, body?: unknown, key?: string) {
  const r = await client.call(method, path, body, key);
  if (!ok(r)) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The master data, the branch's automatic posting, a cashier's shift and two tills, made before any fault. */
export async function setUp(client: FaultClient, seed: number): Promise<Fixture> {
  let n = 0;
  const key = () => `setup-${seed}-${n++}`;
  const id = async (path: string, body: unknown) =>
    String((await must(client, 'POST', path, body, key())).id);
  const startUp = await must(client, 'GET', '/api/aggregates/StartUp');
  const branch = (startUp.branches as Record<string, unknown>[]).find((b) => b.id === client.branchId)!;
  await must(client, 'PUT', `/api/Branches/${client.branchId}`, {
    ...branch,
    switches: { ...(branch.switches as object), automaticPosting: true },
  });
  const piece = await id('/api/Units', { arabicName: 'حبة' });
  const category = await id('/api/ItemCategories', { arabicName: 'أغذية' });
  const store = await id('/api/Stores', { arabicName: 'مخزن', branchId: client.branchId });
  const item = (i: number, quantity: string, cost: string) =>
    id('/api/Items', {
      arabicName: `صنف ${i}`,
      barcode: `62820000${String(i).padStart(4, '0')}`,
      categoryId: category,
      mainUnitId: piece,
      salesPrice: '10',
      costPrice: cost,
      openingBalances: [{ storeId: store, quantity, unitCost: cost }],
    });
  const items: string[] = [];
  for (let i = 0; i < 4; i++) items.push(await item(i, '1000000', String(4 + i)));
  const scarce = await item(9, '30', '9');
  const cash = await id('/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' });
  const customer = await id('/api/Customers', { arabicName: 'عميل', creditLimit: '1000000000' });
  const safe = await id('/api/Safes', { arabicName: 'خزينة الكاشير', branchId: client.branchId });
  // the safe reaches sales' replica over Kafka: the shift opens once it has
  const deadline = Date.now() + 120_000;
  for (;;) {
    const shift = await client.call(
      'POST',
      '/api/SafeTransactions',
      { safeId: safe, openingBalance: '0' },
      key(),
    );
    if (ok(shift)) break;
    if (Date.now() > deadline) throw new Error(`shift: ${shift.status} ${JSON.stringify(shift.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const tills: TillChainState[] = [];
  for (const name of ['الكاشير 1', 'الكاشير 2']) {
    const t = await must(client, 'POST', '/api/PointOfSale/Tills', { name }, key());
    tills.push({
      tillId: String(t.id),
      code: String(t.code),
      counter: Number(t.counter),
      lastHash: String(t.lastHash),
    });
  }
  const tree = (await must(client, 'GET', '/api/Accounts/tree')).items as {
    id: string;
    parentId: string | null;
  }[];
  const parents = new Set(tree.map((a) => a.parentId));
  const linked = new Set(Object.values((branch.accountLinks as Record<string, string | null>) ?? {}));
  const free = tree.filter((a) => !parents.has(a.id) && !linked.has(a.id)).map((a) => a.id);
  if (free.length < 2) throw new Error('no two leaf accounts outside the branch links for the vouchers');
  return {
    branchId: client.branchId,
    today: new Date().toISOString().slice(0, 10),
    piece,
    store,
    items,
    scarce,
    cash,
    customer,
    safe,
    tills,
    voucherAccounts: [free[0]!, free[free.length - 1]!],
  };
}

export interface WorkloadOptions {
  seed: number;
  clients: number;
  /** The run's clock: ms since it started. */
  clock: () => number;
  /**
   * Mean pause of each client between two writes (0: none). A workload paced below what the topology books lets
   * the consumers' backlog empty between faults, so the recovery figure "event lag back under 1 s" reads the
   * fault's effect, not a backlog that never drains (stop 27's finding).
   */
  thinkMs?: number;
}

/** One client's loop of writes until `stop()` is true; `tillIndex` makes it a till syncing its queue. */
export class Workload {
  private stopping = false;
  private thinkMs: number;
  constructor(
    private readonly fx: Fixture,
    private readonly out: Outcomes,
    private readonly options: WorkloadOptions,
  ) {
    this.thinkMs = options.thinkMs ?? 0;
  }

  stop(): void {
    this.stopping = true;
  }

  /** Another mean pause between writes from each loop's next write on (the recovery phase's pace). */
  pace(thinkMs: number): void {
    this.thinkMs = thinkMs;
  }

  /**
   * The pause before a loop's next write: uniform in [0.5, 1.5] × the mean, drawn from a generator of its own
   * so a seed replays the same operations whatever the think time.
   */
  private thinker(stream: number): () => Promise<void> {
    const g = seeded(this.options.seed * 1000 + 700 + stream);
    return async () => {
      const mean = this.thinkMs;
      if (mean <= 0 || this.stopping) return;
      await new Promise((resolve) => setTimeout(resolve, Math.round(mean * (0.5 + g.next()))));
    };
  }

  private record(kind: Kind, key: string, reply: Reply, id = String(reply.body.id ?? '')): boolean {
    if (reply.status === 0) {
      this.out.unknown.push({ kind, key });
      return false;
    }
    if (!ok(reply)) {
      const code = String(
        (reply.body.errors as { code?: string }[] | undefined)?.[0]?.code ?? reply.body.code ?? reply.status,
      );
      const k = `${kind} ${reply.status} ${code}`;
      this.out.refused.set(k, (this.out.refused.get(k) ?? 0) + 1);
      return false;
    }
    const at = this.options.clock();
    this.out.acks.push({
      kind,
      key,
      id,
      code: String(reply.body.code ?? ''),
      status: String(reply.body.status ?? ''),
      at,
    });
    this.out.ackTimes.push(at);
    return true;
  }

  /** Runs `clients` back-office clients and one loop per till until stopped. */
  async run(makeClient: () => Promise<FaultClient>): Promise<void> {
    const loops: Promise<void>[] = [];
    for (let c = 0; c < this.options.clients; c++) {
      const g = seeded(this.options.seed * 1000 + c);
      const client = await makeClient();
      loops.push(this.backOffice(client, g, c));
    }
    for (let t = 0; t < this.fx.tills.length; t++) {
      const g = seeded(this.options.seed * 1000 + 500 + t);
      const client = await makeClient();
      loops.push(this.till(client, g, t));
    }
    await Promise.all(loops);
  }

  private async backOffice(client: FaultClient, g: Seeded, c: number): Promise<void> {
    const think = this.thinker(c);
    for (let n = 0; !this.stopping; n++) {
      await think();
      if (this.stopping) break;
      const key = `f${this.options.seed}-c${c}-${n}`;
      const roll = g.next();
      if (roll < 0.45) await this.invoice(client, g, key);
      else if (roll < 0.6) await this.salesReturn(client, g, key);
      else if (roll < 0.78) await this.addition(client, g, key);
      else if (roll < 0.94) await this.voucher(client, g, key);
      else await this.bulk(client, g, key);
    }
  }

  private async invoice(client: FaultClient, g: Seeded, key: string): Promise<void> {
    const chosen = new Set<string>();
    const count = 1 + g.int(3);
    while (chosen.size < count) chosen.add(g.pick(this.fx.items));
    if (g.chance(0.15)) chosen.add(this.fx.scarce);
    const lines = [...chosen].map((itemId, i) => ({
      lineNo: i + 1,
      itemId,
      quantity: 1 + g.int(4),
      price: 10 + g.int(5),
      returned: 0,
    }));
    const net = lines.reduce((s, l) => s + l.quantity * l.price, 0);
    // whole riyals: 15 % VAT is exact in halalas
    const total = ((net * 115) / 100).toFixed(2);
    const reply = await client.call(
      'POST',
      '/api/SalesInvoices',
      {
        date: this.fx.today,
        customerId: this.fx.customer,
        paymentType: 'cash',
        lines: lines.map((l) => ({
          itemId: l.itemId,
          unitId: this.fx.piece,
          storeId: this.fx.store,
          quantity: String(l.quantity),
          price: String(l.price),
          taxCategory: 'S',
          taxRate: '15',
        })),
        payments: [{ paymentMethodId: this.fx.cash, amount: total }],
        then: 'issue',
      },
      key,
    );
    if (this.record('invoice', key, reply)) this.out.invoices.push({ id: String(reply.body.id), lines });
  }

  private async salesReturn(client: FaultClient, g: Seeded, key: string): Promise<void> {
    const open = this.out.invoices.filter((i) => i.lines.some((l) => l.returned < l.quantity));
    if (open.length === 0) return;
    const invoice = g.pick(open);
    const line = g.pick(invoice.lines.filter((l) => l.returned < l.quantity));
    const quantity = 1 + g.int(line.quantity - line.returned);
    line.returned += quantity; // kept even when refused: the model only needs a return not to over-return
    const reply = await client.call(
      'POST',
      '/api/SalesReturns',
      {
        date: this.fx.today,
        customerId: this.fx.customer,
        paymentType: 'onCredit',
        reason: 'goodsReturned',
        sourceType: 'salesInvoices',
        sourceId: invoice.id,
        lines: [
          {
            itemId: line.itemId,
            unitId: this.fx.piece,
            storeId: this.fx.store,
            quantity: String(quantity),
            price: String(line.price),
            taxCategory: 'S',
            taxRate: '15',
            sourceLineNo: line.lineNo,
          },
        ],
        then: 'issue',
      },
      key,
    );
    this.record('return', key, reply);
  }

  private async addition(client: FaultClient, g: Seeded, key: string): Promise<void> {
    const itemId = g.chance(0.3) ? this.fx.scarce : g.pick(this.fx.items);
    const reply = await client.call(
      'POST',
      '/api/AdditionOrders',
      {
        // back-dated: the sales after it are re-costed
        date: daysBefore(this.fx.today, 1 + g.int(20)),
        storeId: this.fx.store,
        lines: [
          { itemId, unitId: this.fx.piece, quantity: String(1 + g.int(20)), unitCost: String(3 + g.int(6)) },
        ],
      },
      key,
    );
    this.record('addition', key, reply);
  }

  private async voucher(client: FaultClient, g: Seeded, key: string): Promise<void> {
    const [a, b] = this.fx.voucherAccounts;
    const amount = String(1 + g.int(500));
    const reply = await client.call(
      'POST',
      '/api/Vouchers',
      {
        date: daysBefore(this.fx.today, g.int(10)),
        lines: g.chance(0.5)
          ? [
              { accountId: a, debit: amount },
              { accountId: b, credit: amount },
            ]
          : [
              { accountId: b, debit: amount },
              { accountId: a, credit: amount },
            ],
      },
      key,
    );
    if (this.record('voucher', key, reply))
      this.out.vouchers.push({ id: String(reply.body.id), code: String(reply.body.code) });
  }

  private async bulk(client: FaultClient, g: Seeded, key: string): Promise<void> {
    const codes = this.out.vouchers.map((v) => Number(v.code)).filter(Number.isFinite);
    if (codes.length < 2) return;
    const from = g.pick(codes);
    const to = Math.min(from + g.int(10), Math.max(...codes));
    const reply = await client.call(
      'POST',
      g.chance(0.5) ? '/api/Vouchers/unpost' : '/api/Vouchers/post',
      { documentType: 'vouchers', fromCode: String(from), toCode: String(Math.max(from, to)) },
      key,
    );
    this.record('bulk', key, reply, String(reply.body.jobId ?? ''));
  }

  /** A till: sales made offline (numbered and chained on the till), synced in order, each until answered. */
  private async till(client: FaultClient, g: Seeded, t: number): Promise<void> {
    let state = this.fx.tills[t]!;
    const think = this.thinker(100 + t);
    for (let n = 0; !this.stopping; n++) {
      await think();
      if (this.stopping) break;
      const itemId = g.pick(this.fx.items);
      const quantity = 1 + g.int(3);
      const sale: TillSaleInput['sale'] = {
        date: this.fx.today,
        referenceNumber: '',
        notes: '',
        customerId: this.fx.customer,
        paymentType: 'cash',
        lines: [
          {
            itemId,
            unitId: this.fx.piece,
            storeId: this.fx.store,
            quantity: String(quantity),
            price: '10',
            taxCategory: 'S',
            taxRate: '15',
          },
        ],
        payments: [{ paymentMethodId: this.fx.cash, amount: ((quantity * 10 * 115) / 100).toFixed(2) }],
      };
      const uuid = `${this.options.seed.toString(16).padStart(8, '0')}-${t}000-4000-8000-${String(n).padStart(12, '0')}`;
      const made = await nextTillSale(state, sale, { uuid, issuedAt: new Date().toISOString() });
      state = made.state;
      // the till keeps the sale until the server answers it: a lost answer is sent again, same key and body
      for (;;) {
        const reply = await client.call('POST', '/api/PointOfSale/Sales', made.input, uuid);
        if (reply.status !== 0 || this.stopping) {
          this.record('pos', uuid, reply, String(reply.body.invoiceId ?? ''));
          break;
        }
      }
    }
  }
}
