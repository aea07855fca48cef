import { fromStored, type Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import type { Engine } from '../../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/embedded-app';

/** The embedded product signed in as the demo admin, with helpers for stock documents and the ledger. */
export async function costingFixture(engine: Engine) {
  const app: TestApp = await startTestApp(engine);
  const admin = await login(app, 'admin', ADMIN_PASSWORD);
  await app.flush();
  const year = new Date().getFullYear();
  let token = admin.token;
  const headers = (language = 'en') => ({
    ...bearer(token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: language,
  });
  const db = () => app.embedded.services.inventory!.db;

  async function send(method: 'post' | 'put' | 'delete', path: string, body?: unknown, extra = {}) {
    const req = app.api[method](path).set({ ...headers(), ...extra });
    return body === undefined ? req : req.send(body as object);
  }
  async function create(path: string, body: Record<string, unknown>) {
    const res = await send('post', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as {
      id: string;
      lines: { value: string }[];
      totalValue: string;
      revision: number;
      jobId?: string | null;
    };
  }

  const unitIds = { piece: '', box: '', category: '' };
  let seq = 0;
  async function store(name = `store ${++seq}`) {
    return (await create('/api/Stores', { arabicName: name, branchId: admin.defaultBranchId })).id;
  }
  /** An item counted in pieces, with a box of six. */
  async function item(costPrice = '0') {
    if (!unitIds.piece) {
      unitIds.piece = (await create('/api/Units', { arabicName: 'قطعة' })).id;
      unitIds.box = (await create('/api/Units', { arabicName: 'علبة' })).id;
      unitIds.category = (await create('/api/ItemCategories', { arabicName: 'عام' })).id;
    }
    const category = unitIds.category;
    const n = ++seq;
    return (
      await create('/api/Items', {
        arabicName: `صنف ${n}`,
        barcode: `BC-${n}-${newId().slice(-6)}`,
        categoryId: category,
        mainUnitId: unitIds.piece,
        salesPrice: '0',
        costPrice,
        units: [{ unitId: unitIds.box, conversionRate: '6', barcode: `BX-${n}-${newId().slice(-6)}` }],
        openingBalances: [],
      })
    ).id;
  }

  /** The branch as identity keeps it; `change` is merged into it and saved, then the replicas hear of it. */
  async function branch(change: Record<string, unknown> = {}) {
    const startUp = await app.api.get('/api/aggregates/StartUp').set(headers());
    const current = startUp.body.branches.find((b: { id: string }) => b.id === admin.defaultBranchId);
    if (Object.keys(change).length === 0) return { status: 200, body: current };
    const merged = {
      ...current,
      ...change,
      policies: { ...current.policies, ...((change.policies as object) ?? {}) },
      switches: { ...current.switches, ...((change.switches as object) ?? {}) },
    };
    const res = await app.api.put(`/api/Branches/${admin.defaultBranchId}`).set(headers()).send(merged);
    await app.flush();
    return res;
  }

  async function balance(itemId: string, storeId: string) {
    const row = await db()('stock_balances').where({ item_id: itemId, store_id: storeId }).first();
    return {
      quantity: fromStored(row?.quantity ?? 0).toString(),
      value: fromStored(row?.value ?? 0).toString(),
    };
  }
  /** The stock valuation report at a date, for one item and store. */
  async function valuation(itemId: string, storeId: string, date: string) {
    const res = await app.api
      .get('/api/ItemsReports/StockBalance')
      .query({ storeId, date, pageSize: 500 })
      .set(headers());
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const row = res.body.items.find((r: { itemId: string }) => r.itemId === itemId);
    return { quantity: row?.quantity ?? '0', value: row?.value ?? '0' };
  }

  /** Another service's stock document, delivered to inventory's consumer as its event would be. */
  async function external(
    payload: { documentId?: string; revision?: number; date: string; deleted?: boolean } & {
      lines: Record<string, unknown>[];
    },
  ) {
    const tenantId = String((await db()('md_items').first('tenant_id')).tenant_id);
    const documentId = payload.documentId ?? newId();
    const envelope: Envelope = {
      id: newId(),
      type: 'purchases.stockDocument.changed',
      version: 1,
      tenantId,
      branchId: admin.defaultBranchId,
      occurredAt: new Date().toISOString(),
      aggregateId: documentId,
      correlationId: newId(),
      causationId: null,
      payload: {
        documentType: 'purchaseInvoices',
        documentId,
        code: documentId.slice(-6),
        revision: payload.revision ?? 1,
        date: payload.date,
        deleted: payload.deleted ?? false,
        lines: payload.lines,
      },
    };
    await app.embedded.services.inventory!.consumer!.handle(envelope);
    return documentId;
  }

  return {
    app,
    admin,
    year,
    headers,
    db,
    send,
    create,
    store,
    item,
    units: unitIds,
    branch,
    balance,
    valuation,
    external,
    /** A new token: a long run outlives the 15-minute access token. */
    relogin: async () => {
      token = (await login(app, 'admin', ADMIN_PASSWORD)).token;
    },
    stop: () => app.stop(),
  };
}

export type CostingFixture = Awaited<ReturnType<typeof costingFixture>>;
