/**
 * Bulk stock documents for the benchmarks, written straight into the inventory service's tables in the rows
 * its ledger writes (issue 11's columns included), costed with the ledger's own rule, in small transactions
 * that yield to the event loop between them: the server being measured keeps serving (its timers, its
 * keep-alive sockets) while the data is loaded.
 */
import { newId, type Db } from '@erp/service-kit';
import { emptyHolding, issueValue, type Holding } from '../../services/inventory/src/ledger/costing';

type Row = Record<string, unknown>;

export interface BulkLine {
  itemId: string;
  /** main units, scaled by 10^4 */
  quantity: bigint;
  /** value of a purchase line, scaled by 10^4; null: a sale at the store's weighted-average cost */
  value: bigint | null;
}

/** Lets timers and sockets run: a promise alone resumes before them (microtasks). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LedgerSeeder {
  readonly holdings = new Map<string, Holding>();
  private movements: Row[] = [];
  private documents: Row[] = [];
  movementCount = 0;
  documentCount = 0;

  constructor(
    private readonly db: Db,
    private readonly tenantId: string,
    /** the item's cost price per main unit, scaled (what a sale from an empty shelf costs) */
    private readonly fallbackCost: bigint,
    /** rows per insert statement, and per transaction */
    private readonly chunk = 400,
  ) {}

  /** Holdings already booked (by the API part of a seed). */
  async loadHoldings(): Promise<void> {
    for (const b of (await this.db('stock_balances').select()) as Row[])
      this.holdings.set(`${String(b.item_id)}|${String(b.store_id)}`, {
        quantity: BigInt(String(b.quantity)),
        value: BigInt(String(b.value)),
      });
  }

  /** One document of one store, dated after every document written before it (documents come in date order). */
  async document(
    type: 'purchases' | 'sales',
    storeId: string,
    date: string,
    lines: BulkLine[],
  ): Promise<void> {
    const documentId = newId();
    const code = String(++this.documentCount);
    const base = {
      tenant_id: this.tenantId,
      source_service: type,
      document_type: type === 'purchases' ? 'purchaseInvoices' : 'salesInvoices',
      document_id: documentId,
    };
    const now = new Date().toISOString();
    lines.forEach((line, index) => {
      const key = `${line.itemId}|${storeId}`;
      const held = this.holdings.get(key) ?? emptyHolding();
      const value = line.value ?? -issueValue(held, line.quantity, this.fallbackCost);
      const quantity = line.value === null ? -line.quantity : line.quantity;
      this.holdings.set(key, { quantity: held.quantity + quantity, value: held.value + value });
      this.movements.push({
        ...base,
        item_id: line.itemId,
        store_id: storeId,
        date,
        quantity: quantity.toString(),
        value: value.toString(),
        document_code: code,
        revision: 1,
        line_no: index + 1,
        reversal: false,
        created_at: now,
        entry: documentId,
        line_key: index,
        kind: 'line',
        cost_rule: line.value === null ? 'out' : 'fixed',
        own_value: line.value === null ? '0' : line.value.toString(),
        fallback_cost: this.fallbackCost.toString(),
        cost_from: null,
        feeds: false,
      });
      this.movementCount++;
    });
    this.documents.push({
      ...base,
      code,
      date,
      revision: 1,
      deleted: false,
      updated_at: now,
      entry: documentId,
    });
    if (this.movements.length >= this.chunk * 4) await this.flush();
  }

  /** Writes what is pending, a transaction per chunk, yielding between them. */
  async flush(): Promise<void> {
    const movements = this.movements;
    const documents = this.documents;
    this.movements = [];
    this.documents = [];
    for (let i = 0; i < Math.max(movements.length, documents.length); i += this.chunk) {
      await this.db.transaction(async (trx) => {
        const m = movements.slice(i, i + this.chunk);
        const d = documents.slice(i, i + this.chunk);
        if (m.length) await trx('stock_movements').insert(m);
        if (d.length) await trx('stock_documents').insert(d);
      });
      await yieldToEventLoop();
    }
  }

  /** The balances, equal to the sums of the movements written. */
  async writeBalances(): Promise<void> {
    await this.flush();
    const now = new Date().toISOString();
    const rows = [...this.holdings].map(([key, h]) => {
      const [itemId, storeId] = key.split('|') as [string, string];
      return {
        tenant_id: this.tenantId,
        item_id: itemId,
        store_id: storeId,
        quantity: h.quantity.toString(),
        value: h.value.toString(),
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += this.chunk) {
      await this.db('stock_balances')
        .insert(rows.slice(i, i + this.chunk))
        .onConflict(['tenant_id', 'item_id', 'store_id'])
        .merge(['quantity', 'value', 'updated_at']);
      await yieldToEventLoop();
    }
  }
}
