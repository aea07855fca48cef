/**
 * A till's offline queue reaching the server (issue 15, Performance: 500 queued sales synced in under 30 s with 0
 * duplicates and 0 losses). Not a timed test (the machine is shared): it prints the figures beside the target.
 * Run: pnpm bench:pos-sync (POS_BENCH_SALES, default 500).
 *
 * The till made its sales offline: each has its receipt number, counter and hash from the till's own chain
 * (contracts' nextTillSale). The queue is sent in order, one after another, as the till does when the network
 * comes back; then sent whole a second time, as a till that lost every answer would, and checked from the
 * sales database: each receipt is one invoice, none twice, none missing, the server's chain where the till's is.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nextTillSale, type TillChainState, type TillSaleInput } from '@erp/contracts';
import { benchSession, openBenchShift, startBenchApp } from './support/http';
import { pct } from './support/sales-flow';

const SALES = Number(process.env.POS_BENCH_SALES ?? 500);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-bench-pos-'));
  const app = await startBenchApp(dir);
  try {
    const { url, headers, call, till, sale } = await arrange(app.url);
    let state = till;
    const queue: { input: TillSaleInput; number: string }[] = [];
    for (let i = 0; i < SALES; i++) {
      const made = await nextTillSale(state, sale(i), {
        uuid: randomUUID(),
        issuedAt: new Date().toISOString(),
      });
      state = made.state;
      queue.push(made);
    }
    const send = async (s: TillSaleInput) => {
      const t = performance.now();
      const res = await fetch(`${url}/api/PointOfSale/Sales`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': s.uuid },
        body: JSON.stringify(s),
      });
      const body = (await res.json()) as { status?: string };
      if (res.status !== 200 || body.status !== 'issued')
        throw new Error(`sync: ${res.status} ${JSON.stringify(body)}`);
      return performance.now() - t;
    };

    const started = performance.now();
    const times: number[] = [];
    for (const s of queue) times.push(await send(s.input));
    const synced = performance.now() - started;
    const again = performance.now();
    for (const s of queue) await send(s.input);
    const resent = performance.now() - again;

    const rows = (await app.services
      .sales!.db('doc_sales_invoices')
      .whereIn(
        'reference_number',
        queue.map((s) => s.number),
      )
      .select('reference_number')) as { reference_number: string }[];
    const seen = new Map<string, number>();
    for (const r of rows) seen.set(r.reference_number, (seen.get(r.reference_number) ?? 0) + 1);
    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    const lost = queue.filter((s) => !seen.has(s.number)).length;
    const server = await call('GET', `/api/PointOfSale/Tills/${state.tillId}`);
    const chained = server.counter === state.counter && server.lastHash === state.lastHash;
    console.log(
      `${SALES} queued till sales synced in order: ${(synced / 1000).toFixed(1)} s (target < 30 s), ` +
        `p50 ${pct(times, 0.5).toFixed(1)} ms p99 ${pct(times, 0.99).toFixed(1)} ms a sale; ` +
        `the whole queue sent again: ${(resent / 1000).toFixed(1)} s; ` +
        `${duplicates} duplicated, ${lost} lost (target 0 and 0); server chain at the till's: ${chained}`,
    );
    if (duplicates || lost || !chained) process.exitCode = 1;
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An item with stock, cash, a walk-in customer and a till of the admin's branch. */
async function arrange(url: string) {
  const session = await benchSession(url);
  const { auth, call } = session;
  const piece = String((await call('POST', '/api/Units', { arabicName: 'حبة' })).id);
  const category = String((await call('POST', '/api/ItemCategories', { arabicName: 'أغذية' })).id);
  const store = String(
    (await call('POST', '/api/Stores', { arabicName: 'مخزن', branchId: auth.defaultBranchId })).id,
  );
  const item = String(
    (
      await call('POST', '/api/Items', {
        arabicName: 'ماء',
        barcode: '6281000009990',
        categoryId: category,
        mainUnitId: piece,
        salesPrice: '2',
        costPrice: '1',
        openingBalances: [{ storeId: store, quantity: '1000000', unitCost: '1' }],
      })
    ).id,
  );
  const cash = String((await call('POST', '/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id);
  const customer = String((await call('POST', '/api/Customers', { arabicName: 'عميل نقدي' })).id);
  // a till's sale is issued in its cashier's open shift
  await openBenchShift(session);
  const t = await call('POST', '/api/PointOfSale/Tills', { name: 'كاشير 1' });
  const till: TillChainState = {
    tillId: String(t.id),
    code: String(t.code),
    counter: Number(t.counter),
    lastHash: String(t.lastHash),
  };
  const date = new Date().toISOString().slice(0, 10);
  const sale = (i: number): TillSaleInput['sale'] => ({
    date,
    referenceNumber: '',
    notes: '',
    customerId: customer,
    paymentType: 'cash',
    lines: [
      {
        itemId: item,
        unitId: piece,
        storeId: store,
        quantity: String(1 + (i % 3)),
        price: '2',
        taxCategory: 'S',
        taxRate: '15',
      },
    ],
    payments: [{ paymentMethodId: cash, amount: '10' }],
  });
  return { url, ...session, till, sale };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
