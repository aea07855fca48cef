import {
  documentChecks,
  documentInputSchema,
  documentRoutes,
  stockDocuments,
  stocktakings,
  storageTransfers,
  overflowAdjustments,
  type DocumentInput,
} from '@erp/contracts';
import {
  branchSettings,
  documentKitMigration,
  documentRows,
  documentStore,
  fiscalYearPeriod,
  migrate,
  openDatabase,
  replicaMigration,
  replicaSettingsMigration,
  replicaTables,
  tenantScope,
  type Db,
} from '../src';
import { storageTransfersMigration } from './fixtures';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const ITEM = '00000000-0000-4000-8000-0000000000c1';
const UNIT = '00000000-0000-4000-8000-0000000000d1';
const UNIT2 = '00000000-0000-4000-8000-0000000000d2';

const transfer = (over: Partial<DocumentInput> = {}): Record<string, unknown> => ({
  date: '2026-03-01',
  storeId: A,
  toStoreId: B,
  lines: [{ itemId: ITEM, unitId: UNIT, quantity: '2' }],
  ...over,
});
const codes = (issues: { code: string; field: string }[]) => issues.map((i) => `${i.field}:${i.code}`);

describe('document rules of spec section 5 (documentChecks)', () => {
  it('passes a well-formed document', () => {
    expect(documentChecks(storageTransfers, transfer())).toEqual([]);
  });

  it('requires every store, different source and destination, and at least one line', () => {
    expect(codes(documentChecks(storageTransfers, transfer({ storeId: '', toStoreId: null })))).toEqual([
      'storeId:validation.storeRequired',
      'toStoreId:validation.storeRequired',
    ]);
    expect(codes(documentChecks(storageTransfers, transfer({ toStoreId: A })))).toEqual([
      'toStoreId:validation.sameStores',
    ]);
    expect(codes(documentChecks(storageTransfers, transfer({ lines: [] })))).toEqual([
      'lines:validation.atLeastOneItem',
    ]);
  });

  it('refuses a repeated item+unit line but not the same item in another unit', () => {
    const line = { itemId: ITEM, unitId: UNIT, quantity: '1' };
    expect(
      codes(documentChecks(storageTransfers, transfer({ lines: [line, { ...line, quantity: '3' }] }))),
    ).toEqual(['lines.1.itemId:validation.itemAddedBefore']);
    expect(documentChecks(storageTransfers, transfer({ lines: [line, { ...line, unitId: UNIT2 }] }))).toEqual(
      [],
    );
  });

  it('blocks zero quantity and price unless the branch allows them', () => {
    const zero = transfer({ lines: [{ itemId: ITEM, unitId: UNIT, quantity: '0.000', unitCost: '0' }] });
    expect(codes(documentChecks(overflowAdjustments, { ...zero, storeId: A }))).toEqual([
      'lines.0.quantity:validation.zeroQuantity',
      'lines.0.unitCost:validation.zeroPrice',
    ]);
    expect(
      documentChecks(overflowAdjustments, { ...zero, storeId: A }, { zeroQuantity: true, zeroPrice: true }),
    ).toEqual([]);
    // an empty cost means "the store's current cost", not zero
    const noCost = { storeId: A, lines: [{ itemId: ITEM, unitId: UNIT, quantity: '1', unitCost: '' }] };
    expect(documentChecks(overflowAdjustments, noCost)).toEqual([]);
    // a stocktaking counts zero as a finding
    const count = { storeId: A, lines: [{ itemId: ITEM, unitId: UNIT, quantity: '0' }] };
    expect(documentChecks(stocktakings, count)).toEqual([]);
  });
});

describe('document input schema', () => {
  const schema = documentInputSchema(storageTransfers);

  it('parses a document and defaults the optional header texts', () => {
    const parsed = schema.parse(transfer());
    expect(parsed).toMatchObject({ referenceNumber: '', notes: '', storeId: A, toStoreId: B });
  });

  it('reports the rules at the field they belong to, with line indexes as numbers', () => {
    const result = schema.safeParse(
      transfer({
        toStoreId: A,
        lines: [
          { itemId: ITEM, unitId: UNIT, quantity: '1' },
          { itemId: ITEM, unitId: UNIT, quantity: '1' },
        ],
      }),
    );
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => ({ path: i.path, message: i.message }));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['toStoreId'], message: 'validation.sameStores' },
        { path: ['lines', 1, 'itemId'], message: 'validation.itemAddedBefore' },
      ]),
    );
  });

  it('leaves zero quantities to the service, which knows the branch switches', () => {
    expect(
      schema.safeParse(transfer({ lines: [{ itemId: ITEM, unitId: UNIT, quantity: '0' }] })).success,
    ).toBe(true);
  });

  it('refuses a bad date and amounts that are not decimal strings', () => {
    expect(schema.safeParse(transfer({ date: '2026-02-30' })).success).toBe(false);
    expect(schema.safeParse(transfer({ lines: [{ itemId: ITEM, unitId: UNIT, quantity: 2 }] })).success).toBe(
      false,
    );
  });
});

describe('document routes', () => {
  it('declares list, one, create, change, delete and attachments with the type permissions', () => {
    const routes = documentRoutes(storageTransfers);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'get /api/StorageTransfers',
      'get /api/StorageTransfers/:id',
      'post /api/StorageTransfers',
      'put /api/StorageTransfers/:id',
      'delete /api/StorageTransfers/:id',
      'post /api/StorageTransfers/:id/attachments',
      'get /api/StorageTransfers/:id/attachments/:attachmentId',
      'delete /api/StorageTransfers/:id/attachments/:attachmentId',
    ]);
    expect(routes[2]!.access).toEqual({ kind: 'permission', name: 'addStorageTransfer' });
    expect(routes[3]!.access).toEqual({ kind: 'permission', name: 'editStorageTransfer' });
  });

  it('gives a close route to closable types only', () => {
    for (const doc of stockDocuments) {
      const close = documentRoutes(doc).find((r) => r.path.endsWith('/close'));
      expect(Boolean(close)).toBe(Boolean(doc.closable));
    }
    expect(stocktakings.closable).toBe(true);
  });
});

describe('document store (SQLite)', () => {
  let db: Db;
  const tenant = '00000000-0000-4000-8000-0000000000e1';
  const other = '00000000-0000-4000-8000-0000000000e2';

  beforeAll(async () => {
    db = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    await migrate(db, [
      replicaMigration,
      replicaSettingsMigration,
      documentKitMigration,
      storageTransfersMigration,
    ]);
  });
  afterAll(async () => db?.destroy());

  it('numbers per type, per year when asked, and separately for each tenant', async () => {
    const s = tenantScope(db, tenant);
    const next = (date: string, perYear: boolean) =>
      documentStore.nextCode(s, storageTransfers, date, perYear);
    expect(await next('2026-01-05', false)).toEqual({ code: '1', year: 0, seq: 1 });
    expect(await next('2026-01-06', false)).toEqual({ code: '2', year: 0, seq: 2 });
    expect(await next('2026-01-06', true)).toEqual({ code: '26-1', year: 2026, seq: 1 });
    expect(await next('2027-01-01', true)).toEqual({ code: '27-1', year: 2027, seq: 1 });
    expect(await next('2026-12-31', true)).toEqual({ code: '26-2', year: 2026, seq: 2 });
    expect(
      await documentStore.nextCode(tenantScope(db, other), storageTransfers, '2026-01-01', false),
    ).toEqual({
      code: '1',
      year: 0,
      seq: 1,
    });
  });

  it('stores quantities as scaled integers, rounded to the branch digits, with their total', () => {
    const input = documentInputSchema(storageTransfers).parse(
      transfer({
        lines: [
          { itemId: ITEM, unitId: UNIT, quantity: '1.005' },
          { itemId: ITEM, unitId: UNIT2, quantity: '2.5' },
        ],
      }),
    ) as DocumentInput;
    const rows = documentRows(storageTransfers, input, 2);
    expect(rows.lines.map((l) => [l.line_no, l.quantity])).toEqual([
      [1, 10100],
      [2, 25000],
    ]);
    expect(rows.totalQuantity).toBe(35100);
    expect(rows.header).toMatchObject({ store_id: A, to_store_id: B, date: '2026-03-01' });
  });

  it('reads fiscal years after the company first one, and the calendar year without it', async () => {
    const s = tenantScope(db, tenant);
    expect(await fiscalYearPeriod(s, 2026)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    await s.insert(replicaTables.companies, {
      fiscal_year_start: '2024-04-01',
      fiscal_year_end: '2025-03-31',
      as_of: '2026-01-01T00:00:00.000Z',
    });
    expect(await fiscalYearPeriod(s, 2026)).toEqual({ startDate: '2026-04-01', endDate: '2027-03-31' });
  });

  it('gives an unknown branch the strict defaults and a known one its switches and digits', async () => {
    const s = tenantScope(db, tenant);
    const unknown = await branchSettings(s, A);
    expect(unknown).toMatchObject({ id: null, digits: null });
    expect(unknown.switches.allowZeroQuantity).toBe(false);
    await s.insert(replicaTables.branches, {
      id: B,
      code: '1',
      arabic_name: 'الرئيسي',
      english_name: 'Main',
      is_master: false,
      decimal_digits: 3,
      settings: JSON.stringify({ switches: { allowZeroQuantity: true, serialPerYear: true } }),
      as_of: '2026-01-01T00:00:00.000Z',
    });
    const known = await branchSettings(s, B);
    expect(known).toMatchObject({ id: B, digits: 3 });
    expect(known.switches).toMatchObject({
      allowZeroQuantity: true,
      allowZeroPrice: false,
      serialPerYear: true,
    });
    // another tenant does not see it
    expect((await branchSettings(tenantScope(db, other), B)).id).toBeNull();
  });
});
