import request from 'supertest';
import {
  Permission as P,
  dec,
  defineDocument,
  documentChecks,
  documentInputSchema,
  documentRoutes,
  documentScreenPath,
  editScreenFor,
  screenRoute,
  screensOf,
  storageTransfers,
  type DocumentRecord,
} from '@erp/contracts';
import { engines, testDatabases, type TestDatabases } from '../../../tests/support/databases';
import { documentColumns } from './support/document-tables';
import {
  AppError,
  InProcessBus,
  closedPeriodsMigration,
  createTokenService,
  documentEngineRoutes,
  documentKitMigration,
  replicaMigration,
  replicaSettingsMigration,
  replicaTables,
  startService,
  tenantScope,
  type DocumentHooks,
  type Migration,
  type RunningService,
} from '../src';

/**
 * A document type that carries no quantity (issue 13, deliverable 2): lines of account, cost center, debit,
 * credit and note, its own statuses (unposted, posted) changed by name, and the spec's voucher screens bound by
 * name. The type is declared here, as the accounts service would, so the engine's shapes are proven apart from
 * any service's rules.
 */
const testVouchers = defineDocument({
  name: 'testVouchers',
  service: 'accounts',
  route: '/vouchers',
  apiPath: '/api/TestVouchers',
  permissions: { view: P.viewVouchers, add: P.addVouchers, edit: P.editVouchers },
  header: [],
  storeFields: [],
  lines: [
    { name: 'accountId', kind: 'text', required: true, maxLength: 36 },
    { name: 'costCenterId', kind: 'text', maxLength: 36 },
    { name: 'debit', kind: 'decimal', minValue: 0 },
    { name: 'credit', kind: 'decimal', minValue: 0 },
    { name: 'note', kind: 'text', maxLength: 200 },
  ],
  lineKey: [],
  statuses: { values: ['unposted', 'posted'], locked: [] },
  transitions: [
    { action: 'post', from: ['unposted'], to: 'posted' },
    { action: 'unpost', from: ['posted'], to: 'unposted' },
  ],
  screens: [
    { name: 'list', path: '', mode: 'list', permission: 'view', status: 'unposted' },
    { name: 'new', path: 'new', mode: 'new', permission: 'add' },
    { name: 'edit', path: 'edit/:id', mode: 'edit', permission: 'edit', status: 'unposted' },
    { name: 'closedVoucher', path: 'closedVoucher', mode: 'list', permission: 'view', status: 'posted' },
    {
      name: 'closedVoucherEdit',
      path: 'closedVoucherEdit/:id',
      mode: 'edit',
      permission: 'edit',
      status: 'posted',
    },
  ],
  menu: { group: 'accounts', icon: 'pi pi-book' },
});

/** The type's tables, as a service's frozen migration would make them. */
const testVouchersMigration: Migration = {
  name: 'test_0001_test_vouchers',
  async up(knex) {
    await knex.schema.createTable('doc_test_vouchers', (t) => {
      documentColumns(t);
      t.string('created_by', 36).nullable();
      t.string('created_at', 30).notNullable();
      t.string('updated_at', 30).notNullable();
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('doc_test_vouchers_lines', (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('account_id', 36).nullable();
      t.string('cost_center_id', 36).nullable();
      t.bigInteger('debit').nullable();
      t.bigInteger('credit').nullable();
      t.string('note', 200).nullable();
      t.bigInteger('value').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
  },
};

const TENANT = '00000000-0000-4000-8000-0000000000f1';
const BRANCH = '00000000-0000-4000-8000-0000000000f2';
const line = (accountId: string, debit: string, credit: string) => ({ accountId, debit, credit, note: '' });

describe('a document type without quantity: declarations', () => {
  it('has no zero-quantity rule and lets lines repeat, yet keeps the at-least-one-line rule', () => {
    const input = { date: '2026-03-01', lines: [line('cash', '0', '5'), line('cash', '0', '5')] };
    expect(documentChecks(testVouchers, input)).toEqual([]);
    expect(documentChecks(testVouchers, { ...input, lines: [] })).toEqual([
      { field: 'lines', code: 'validation.atLeastOneItem' },
    ]);
    expect(documentInputSchema(testVouchers).safeParse(input).success).toBe(true);
  });

  it('declares its status changes as routes by name, after the usual ones', () => {
    expect(
      documentRoutes(testVouchers)
        .map((r) => `${r.method} ${r.path}`)
        .slice(8),
    ).toEqual(['post /api/TestVouchers/:id/post', 'post /api/TestVouchers/:id/unpost']);
    // the stock documents' routes are unchanged: no status change but a closable type's close
    expect(documentRoutes(storageTransfers)).toHaveLength(8);
  });

  it("binds the spec's voucher screens by name, and opens a document on the screen of its status", () => {
    expect(screensOf(testVouchers).map((s) => screenRoute(testVouchers, s))).toEqual([
      '/vouchers',
      '/vouchers/new',
      '/vouchers/edit/:id',
      '/vouchers/closedVoucher',
      '/vouchers/closedVoucherEdit/:id',
    ]);
    expect(documentScreenPath(testVouchers, 'closedVoucherEdit', 'a/b')).toBe(
      '/vouchers/closedVoucherEdit/a%2Fb',
    );
    expect(editScreenFor(testVouchers, 'posted').name).toBe('closedVoucherEdit');
    expect(editScreenFor(testVouchers, 'unposted').name).toBe('edit');
    expect(screensOf(storageTransfers).map((s) => screenRoute(storageTransfers, s))).toEqual([
      '/storage-transfer',
      '/storage-transfer/new',
      '/storage-transfer/edit/:id',
    ]);
    expect(editScreenFor(storageTransfers, 'closed').name).toBe('edit');
  });
});

describe.each(engines())('a document type without quantity through the engine on %s', (engine) => {
  let dbs: TestDatabases;
  let service: RunningService;
  let token: string;
  /** What the service's posting hook saw, in order: a voucher posts and unposts through it. */
  const posted: { status: string; action: string | null; revision: number; deleted: boolean }[] = [];

  const hooks: DocumentHooks = {
    // the type's own rule, on the server: debits equal credits
    async validate(_s, _doc, input) {
      const sum = (k: string) => input.lines.reduce((t, l) => t.plus(String(l[k] || '0')), dec(0));
      if (!sum('debit').equals(sum('credit'))) throw new AppError(400, 'constraintUnbalanced');
      return [];
    },
    async post(_trx, _ctx, { record, action, deleted }) {
      posted.push({ status: record.status, action: action ?? null, revision: record.revision, deleted });
    },
  };

  beforeAll(async () => {
    dbs = testDatabases(engine);
    const tokens = createTokenService('x'.repeat(32));
    service = await startService(
      {
        name: 'accounts',
        // a service on the engine keeps the closed-periods replica (the engine's guard reads it)
        migrations: [
          replicaMigration,
          replicaSettingsMigration,
          documentKitMigration,
          closedPeriodsMigration,
          testVouchersMigration,
        ],
        routes: (deps) => documentEngineRoutes(deps, [testVouchers], hooks),
      },
      { db: dbs.config('accounts_shapes'), bus: new InProcessBus(), tokens, relayPollMs: 60_000 },
    );
    await tenantScope(service.db, TENANT).insert(replicaTables.branches, {
      id: BRANCH,
      code: '1',
      arabic_name: 'الفرع',
      english_name: 'Branch',
      is_master: false,
      decimal_digits: 2,
      settings: JSON.stringify({}),
      as_of: '2026-01-01T00:00:00.000Z',
    });
    token = tokens.sign({
      userId: 'u1',
      tenantId: TENANT,
      userName: 'admin',
      isAdmin: true,
      permissions: new Set(),
      branches: [],
      subscriptionEnd: '2099-12-31',
      subscriptionActive: true,
      tokenVersion: 0,
    }).token;
  });
  afterAll(async () => {
    await service?.stop();
    await dbs?.cleanup();
  });

  const year = new Date().getFullYear();
  const headers = () => ({
    Authorization: `Bearer ${token}`,
    BranchId: BRANCH,
    FiscalYear: String(year),
    Language: 'en',
  });
  const api = () => request(service.app);
  const create = (lines: ReturnType<typeof line>[]) =>
    api()
      .post('/api/TestVouchers')
      .set(headers())
      .send({ date: `${year}-03-01`, lines });

  it('saves lines of account, debit and credit with no quantity, in its first status', async () => {
    const res = await create([line('cash', '100.255', '0'), line('sales', '0', '100.255')]);
    expect(res.status).toBe(201);
    const body = res.body as DocumentRecord;
    expect(body).toMatchObject({ status: 'unposted', totalQuantity: '0', revision: 1 });
    expect(body.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      ['cash', '100.26', '0'],
      ['sales', '0', '100.26'],
    ]);
    expect(body.quantityTotals).toBeUndefined();
  });

  it("refuses an unbalanced voucher with the type's own rule, writing nothing", async () => {
    const before = await api().get('/api/TestVouchers').set(headers());
    const res = await create([line('cash', '10', '0'), line('sales', '0', '9')]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'constraintUnbalanced', detail: 'Constraint Unbalanced' });
    expect((await api().get('/api/TestVouchers').set(headers())).body.total).toBe(before.body.total);
  });

  it('posts and unposts by name, through the posting hook, and refuses a change from the wrong status', async () => {
    const created = (await create([line('bank', '7', '0'), line('cash', '0', '7')])).body as DocumentRecord;
    posted.length = 0;
    const post = await api().post(`/api/TestVouchers/${created.id}/post`).set(headers());
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ status: 'posted', revision: 2 });
    expect(posted).toEqual([{ status: 'posted', action: 'post', revision: 2, deleted: false }]);

    const again = await api().post(`/api/TestVouchers/${created.id}/post`).set(headers());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('documentStatusChanged');

    // the list filters by the type's statuses, and refuses one it does not have
    const postedList = await api().get('/api/TestVouchers').query({ status: 'posted' }).set(headers());
    expect(postedList.body.items.map((r: DocumentRecord) => r.id)).toEqual([created.id]);
    expect((await api().get('/api/TestVouchers').query({ status: 'closed' }).set(headers())).status).toBe(
      400,
    );

    const unpost = await api().post(`/api/TestVouchers/${created.id}/unpost`).set(headers());
    expect(unpost.body).toMatchObject({ status: 'unposted', revision: 3 });
    expect(posted.at(-1)).toEqual({ status: 'unposted', action: 'unpost', revision: 3, deleted: false });
    // no status is locked for this type: an unposted voucher is edited and deleted as usual
    const edit = await api()
      .put(`/api/TestVouchers/${created.id}`)
      .set(headers())
      .send({ date: `${year}-03-02`, lines: [line('bank', '8', '0'), line('cash', '0', '8')] });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ status: 'unposted', revision: 4 });
    expect((await api().delete(`/api/TestVouchers/${created.id}`).set(headers())).status).toBe(200);
    expect(posted.at(-1)).toMatchObject({ deleted: true });
    expect((await api().post(`/api/TestVouchers/${created.id}/post`).set(headers())).status).toBe(404);
  });
});
