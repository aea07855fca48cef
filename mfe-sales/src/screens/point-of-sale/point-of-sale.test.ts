import { buildScaleBarcode, type PosCatalogItem, type TillSale } from '@erp/contracts';
import { emptyIndex, indexItems, lookupScan, searchItems } from './barcode-index';
import {
  addItem,
  addPayment,
  cartTotals,
  changeOf,
  emptyCart,
  issueRefusal,
  saleInputOf,
  setLineField,
} from './cart';
import { flushOutbox, type OutboxEntry, type OutboxStore, type TillServer } from './outbox';

const item = (over: Partial<PosCatalogItem> & { id: string }): PosCatalogItem => ({
  code: over.id,
  arabicName: 'ماء',
  englishName: 'Water',
  deleted: false,
  isActive: true,
  barcode: '',
  isBalanceItem: false,
  scaleCode: '',
  quickItem: false,
  mainUnitId: 'piece',
  salesPrice: '10',
  minSalesPrice: null,
  taxCategory: 'S',
  taxRate: '15',
  units: [],
  ...over,
});

const water = item({
  id: 'water',
  barcode: '6281000003011',
  units: [{ unitId: 'carton', conversionRate: '12', barcode: '6281000003028', salesPrice: '100' }],
});
const cheese = item({
  id: 'cheese',
  arabicName: 'جبنة بيضاء',
  englishName: 'White cheese',
  isBalanceItem: true,
  scaleCode: '12345',
  mainUnitId: 'kg',
  salesPrice: '40',
});
const config = { scalePrefix: '20', scaleMode: 'weight' } as const;

describe('the till barcode index (local, no network)', () => {
  const index = indexItems(emptyIndex(), [water, cheese]);

  it('finds an item in the unit its barcode was printed for', () => {
    expect(lookupScan(index, '6281000003011', config)).toMatchObject({ kind: 'item', unitId: 'piece' });
    expect(lookupScan(index, '6281000003028', config)).toMatchObject({ kind: 'item', unitId: 'carton' });
  });

  it('reads a scale label of the company prefix: the balance item with the weight or the price', () => {
    expect(
      lookupScan(index, buildScaleBarcode({ prefix: '20', mode: 'weight' }, '12345', '1.25'), config),
    ).toMatchObject({
      kind: 'scale',
      item: { id: 'cheese' },
      weight: '1.250',
    });
    const priced = buildScaleBarcode({ prefix: '20', mode: 'price' }, '12345', '23.00');
    expect(lookupScan(index, priced, { scalePrefix: '20', scaleMode: 'price' })).toMatchObject({
      kind: 'scale',
      price: '23.00',
    });
  });

  it('refuses a wrong check digit, an unknown scale code, a garbled or unknown code', () => {
    const label = buildScaleBarcode({ prefix: '20', mode: 'weight' }, '12345', '1.25');
    const wrong = label.slice(0, 12) + String((Number(label[12]) + 1) % 10);
    expect(lookupScan(index, wrong, config)).toEqual({ kind: 'refused', reason: 'badCheckDigit' });
    const unknownScale = buildScaleBarcode({ prefix: '20', mode: 'weight' }, '99999', '1');
    expect(lookupScan(index, unknownScale, config)).toEqual({ kind: 'refused', reason: 'unknownBarcode' });
    expect(lookupScan(index, '6281000003012', config)).toEqual({ kind: 'refused', reason: 'badCheckDigit' });
    expect(lookupScan(index, '62810$%', config)).toEqual({ kind: 'refused', reason: 'garbled' });
    expect(lookupScan(index, 'ABC-1', config)).toEqual({ kind: 'refused', reason: 'unknownBarcode' });
  });

  it('drops a deleted item and follows a changed barcode', () => {
    const local = indexItems(emptyIndex(), [water, cheese]);
    indexItems(local, [
      { ...water, barcode: '6281000003035', units: [] },
      { ...cheese, deleted: true },
    ]);
    expect(lookupScan(local, '6281000003011', config).kind).toBe('refused');
    expect(lookupScan(local, '6281000003035', config)).toMatchObject({ kind: 'item', item: { id: 'water' } });
    expect(local.byScaleCode.size).toBe(0);
  });

  it('searches by Arabic or English name, code or barcode', () => {
    expect(searchItems(index, 'جبنه').map((i) => i.id)).toEqual(['cheese']);
    expect(searchItems(index, 'WATER').map((i) => i.id)).toEqual(['water']);
    expect(searchItems(index, '6281000003028').map((i) => i.id)).toEqual(['water']);
  });

  it('looks up in constant time with 100,000 items', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      item({ id: `i${i}`, barcode: String(1_000_000_000_000 + i) }),
    );
    const big = indexItems(emptyIndex(), many);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) lookupScan(big, String(1_000_000_000_000 + ((i * 97) % 100_000)), config);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });
});

describe('the till cart arithmetic (exact decimals)', () => {
  it('a repeated scan raises the quantity; a weighed label is a line of its own', () => {
    let cart = emptyCart('cash');
    cart = addItem(cart, water, 'piece');
    cart = addItem(cart, water, 'piece');
    cart = addItem(cart, water, 'carton');
    cart = addItem(cart, cheese, 'kg', { weight: '1.250' });
    cart = addItem(cart, cheese, 'kg', { weight: '0.333' });
    expect(cart.lines.map((l) => [l.itemId, l.unitId, l.quantity, l.price])).toEqual([
      ['water', 'piece', '2', '10'],
      ['water', 'carton', '1', '100'],
      ['cheese', 'kg', '1.250', '40'],
      ['cheese', 'kg', '0.333', '40'],
    ]);
    // 20 + 100 + 50 + 13.32 = 183.32, VAT 27.50 (27.498 rounded once), 210.82
    expect(cartTotals(cart)).toMatchObject({ taxExclusive: '183.32', vat: '27.50', taxInclusive: '210.82' });
  });

  it('keys within the user rights', () => {
    const cart = addItem(emptyCart('cash'), water, 'piece');
    const key = cart.lines[0]!.key;
    const rights = { maxDiscount: '10', canRaisePrice: false };
    expect(setLineField(cart, key, 'discount', '15', rights, '10')).toEqual({
      refused: 'discountAboveLimit',
    });
    expect(setLineField(cart, key, 'price', '12', rights, '10')).toEqual({ refused: 'priceRaised' });
    expect(setLineField(cart, key, 'quantity', 'x', rights, '10')).toEqual({ refused: 'invalidNumber' });
    const discounted = setLineField(cart, key, 'discount', '10', rights, '10');
    expect('cart' in discounted && cartTotals(discounted.cart).taxInclusive).toBe('10.35');
  });

  it('pays with several methods, not the same twice; change for cash only; nothing issued until paid', () => {
    let cart = addItem(emptyCart('cash'), water, 'piece'); // 11.50
    expect(issueRefusal(cart)).toBe('notFullyPaid');
    const card = addPayment(cart, { paymentMethodId: 'card', kind: 'card', amount: '5' });
    if (!('cart' in card)) throw new Error('refused');
    cart = card.cart;
    expect(addPayment(cart, { paymentMethodId: 'card', kind: 'card', amount: '1' })).toEqual({
      refused: 'sameMethodTwice',
    });
    expect(addPayment(cart, { paymentMethodId: 'bank', kind: 'bankTransfer', amount: '9' })).toEqual({
      refused: 'overpaidByCard',
    });
    const cash = addPayment(cart, { paymentMethodId: 'cash', kind: 'cash', amount: '10' });
    if (!('cart' in cash)) throw new Error('refused');
    cart = cash.cart;
    expect(changeOf(cart)).toBe('3.50');
    expect(issueRefusal(cart)).toBeNull();
    const sale = saleInputOf(cart, 'store', '2026-11-27');
    expect(sale.payments).toEqual([
      { paymentMethodId: 'card', amount: '5' },
      { paymentMethodId: 'cash', amount: '6.5' },
    ]);
    expect(issueRefusal({ ...emptyCart('cash'), lines: cart.lines, onCredit: true })).toBeNull();
  });
});

describe('the till outbox (model server, seeded)', () => {
  /** A server as the sales service behaves: the next counter only, once per uuid. */
  function modelServer(rand: () => number) {
    const held: OutboxEntry[] = [];
    const send = (e: OutboxEntry) => {
      const same = held.find((h) => h.uuid === e.uuid);
      const sale = { number: e.number, status: 'issued', counter: e.counter } as TillSale;
      if (same) return { ok: true as const, sale };
      if (e.counter !== held.length + 1) return { ok: false as const, status: 409, code: 'tillChainGap' };
      held.push(e);
      return { ok: true as const, sale };
    };
    const server: TillServer = {
      async send(e) {
        if (rand() < 0.2) throw new Error('offline'); // lost before it arrived
        const answer = send(e);
        if (rand() < 0.2) throw new Error('offline'); // arrived, the answer lost
        return answer;
      },
      async serverCounter() {
        if (rand() < 0.1) throw new Error('offline');
        return held.length;
      },
    };
    return { server, held, sendDirect: send };
  }

  it('every sale arrives exactly once and in order, whatever drops and whatever another tab sends', async () => {
    let seed = Number(process.env.POS_OUTBOX_SEED ?? 20261127);
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const { server, held, sendDirect } = modelServer(rand);
    const queue: OutboxEntry[] = [];
    const kept: TillSale[] = [];
    const store: OutboxStore = {
      waiting: async () => [...queue].sort((a, b) => a.counter - b.counter),
      delivered: async (e) => {
        const at = queue.findIndex((q) => q.uuid === e.uuid);
        if (at >= 0) queue.splice(at, 1);
      },
    };
    let counter = 0;
    for (let round = 0; round < 200; round++) {
      const made = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < made; i++) {
        counter += 1;
        queue.push({
          uuid: `u${counter}`,
          counter,
          number: `T1-${counter}`,
          input: { tillId: 't1' } as never,
        });
      }
      // another tab of the same till sent the oldest one behind this tab's back
      if (rand() < 0.2 && queue[0]) sendDirect(queue[0]);
      const result = await flushOutbox(store, server);
      kept.push(...result.kept);
    }
    while (queue.length) await flushOutbox(store, { ...server, send: async (e) => sendDirect(e) });
    expect(held.map((h) => h.counter)).toEqual(Array.from({ length: counter }, (_, i) => i + 1));
    expect(new Set(held.map((h) => h.uuid)).size).toBe(counter);
    expect(kept).toEqual([]);
  });

  it('a sale the server keeps for a supervisor leaves the queue and is reported', async () => {
    const entry = { uuid: 'u1', counter: 1, number: 'T1-000001', input: { tillId: 't1' } as never };
    const queue = [entry];
    const kept = { number: 'T1-000001', status: 'needsAttention', reason: 'creditLimitExceeded' } as TillSale;
    const result = await flushOutbox(
      { waiting: async () => [...queue], delivered: async () => void queue.pop() },
      { send: async () => ({ ok: true, sale: kept }), serverCounter: async () => 1 },
    );
    expect(result).toEqual({ sent: 1, kept: [kept], stopped: null });
    expect(queue).toEqual([]);
  });
});
