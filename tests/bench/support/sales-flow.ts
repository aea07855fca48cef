import { randomBytes } from 'node:crypto';
import type { Db } from '@erp/service-kit';
import type { BenchSession } from './http';

/**
 * The sales flow both run modes' benchmarks drive (bench/sales.ts embedded, bench/sales-distributed.ts over
 * Kafka): five items with stock, a cash payment method and a customer, the branch booking documents as their
 * events come; then a 5-line cash invoice saved and issued through the API.
 */
export interface SalesFlow {
  /** One invoice saved and issued; resolves with the API's answer time in ms. */
  post(): Promise<number>;
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

export async function salesFlow(url: string, session: BenchSession): Promise<SalesFlow> {
  const { auth, headers, call } = session;
  const piece = String((await call('POST', '/api/Units', { arabicName: 'حبة' })).id);
  const category = String((await call('POST', '/api/ItemCategories', { arabicName: 'أغذية' })).id);
  const store = String(
    (await call('POST', '/api/Stores', { arabicName: 'مخزن', branchId: auth.defaultBranchId })).id,
  );
  const items: string[] = [];
  for (let i = 0; i < 5; i++)
    items.push(
      String(
        (
          await call('POST', '/api/Items', {
            arabicName: `صنف ${i}`,
            barcode: `62810000${String(i).padStart(4, '0')}9`,
            categoryId: category,
            mainUnitId: piece,
            salesPrice: '10',
            costPrice: '4',
            openingBalances: [{ storeId: store, quantity: '10000000', unitCost: '4' }],
          })
        ).id,
      ),
    );
  const cash = String((await call('POST', '/api/PaymentMethods', { arabicName: 'نقدي', kind: 'cash' })).id);
  const customer = String((await call('POST', '/api/Customers', { arabicName: 'عميل' })).id);
  // the branch books documents as their events come
  const startUp = await call('GET', '/api/aggregates/StartUp');
  const branch = (startUp.branches as Record<string, unknown>[]).find((b) => b.id === auth.defaultBranchId)!;
  await call('PUT', `/api/Branches/${auth.defaultBranchId}`, {
    ...branch,
    switches: { ...(branch.switches as object), automaticPosting: true },
  });

  const body = {
    date: new Date().toISOString().slice(0, 10),
    customerId: customer,
    paymentType: 'cash',
    lines: items.map((itemId, i) => ({
      itemId,
      unitId: piece,
      storeId: store,
      quantity: String(1 + i),
      price: '10',
      taxCategory: 'S',
      taxRate: '15',
    })),
    // 150 + 15 % VAT = 172.50, paid in cash
    payments: [{ paymentMethodId: cash, amount: '172.5' }],
    then: 'issue',
  };
  const post = async () => {
    const t = performance.now();
    const res = await fetch(`${url}/api/SalesInvoices`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomBytes(12).toString('hex') },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  return { post };
}

/** `clients` clients posting invoices one after another for `seconds`; each answer's time in ms. */
export async function sustained(flow: SalesFlow, clients: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) latencies.push(await flow.post());
    }),
  );
  return latencies;
}

/** Sales invoices accounts has booked in both parts (their money and their cost), in accounts' database. */
export async function bookedInvoices(accounts: Db): Promise<number> {
  const row = await accounts('posting_documents')
    .where({ source_service: 'sales', document_type: 'salesInvoices', status: 'posted' })
    .whereNotNull('money_revision')
    .andWhere('revision', '>', 0)
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
