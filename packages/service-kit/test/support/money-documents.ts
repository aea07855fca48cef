import type { Knex } from 'knex';
import request from 'supertest';
import {
  Permission as P,
  defineDocument,
  moneyHeaderFields,
  moneyLineFields,
  type FieldDef,
} from '@erp/contracts';
import { engines, testDatabases, type TestDatabases } from '../../../../tests/support/databases';
import {
  InProcessBus,
  closedPeriodsMigration,
  createTokenService,
  documentEngineRoutes,
  documentKitMigration,
  idempotencyKitMigration,
  replicaMigration,
  replicaSettingsMigration,
  replicaTables,
  startService,
  tenantScope,
  type Migration,
} from '../../src';

import { documentColumns } from './document-tables';

type Engine = ReturnType<typeof engines>[number];

/**
 * Money documents declared as the sales service would (issue 14, deliverable 2), so the engine's shapes are
 * proven apart from any service's rules: lines of item, unit, quantity, price, discount and tax; a document
 * discount. Invoices take several payments, move through drafted, held (hung), issued and cancelled by name
 * (issued ones locked), and convert from quotations, which are open until closed.
 */
const moneyLines: readonly FieldDef[] = [
  { name: 'itemId', kind: 'text', required: true, max: 36 },
  { name: 'unitId', kind: 'text', required: true, max: 36 },
  { name: 'quantity', kind: 'decimal', required: true, minValue: 0 },
  ...moneyLineFields,
];
const common = {
  service: 'sales',
  header: [...moneyHeaderFields],
  storeFields: [],
  lines: moneyLines,
  lineKey: ['itemId', 'unitId'],
  quantityField: 'quantity',
  priceField: 'price',
  money: true,
  menu: { group: 'sales', icon: 'pi pi-shopping-cart' },
} as const;

export const testQuotations = defineDocument({
  ...common,
  name: 'testQuotations',
  route: '/quotation',
  apiPath: '/api/TestQuotations',
  permissions: { view: P.viewTransactions, add: P.addSalesTransactions, edit: P.editSalesTransactions },
  closable: true,
});

export const testInvoices = defineDocument({
  ...common,
  name: 'testInvoices',
  route: '/invoice-list',
  apiPath: '/api/TestInvoices',
  permissions: { view: P.viewTransactions, add: P.addSalesTransactions, edit: P.editSalesTransactions },
  payments: { method: { name: 'paymentMethodId', kind: 'text', max: 36 } },
  convertsFrom: ['testQuotations'],
  statuses: {
    values: ['drafted', 'held', 'issued', 'cancelled'],
    locked: ['issued', 'cancelled'],
  },
  transitions: [
    { action: 'hold', from: ['drafted'], to: 'held' },
    { action: 'retrieve', from: ['held'], to: 'drafted' },
    { action: 'issue', from: ['drafted', 'held'], to: 'issued' },
    { action: 'cancel', from: ['drafted', 'held'], to: 'cancelled' },
  ],
});

/** A money document's tables, as a service's frozen migration would make them. */
async function moneyTables(
  knex: Knex,
  table: string,
  options: { payments: boolean; converted: boolean },
): Promise<void> {
  await knex.schema.createTable(table, (t) => {
    documentColumns(t, (own) => {
      own.string('discount_type', 20).nullable();
      own.bigInteger('discount').nullable();
    });
    for (const c of ['line_net', 'discount', 'tax_exclusive', 'vat', 'tax_inclusive'])
      t.bigInteger(`money_${c}`).notNullable().defaultTo(0);
    if (options.payments) {
      t.bigInteger('money_paid').notNullable().defaultTo(0);
      t.bigInteger('money_change').notNullable().defaultTo(0);
      t.string('paid_status', 10).notNullable().defaultTo('not');
    }
    if (options.converted) {
      t.string('source_type', 60).nullable();
      t.string('source_id', 36).nullable();
      t.index(['tenant_id', 'source_id']);
    }
    t.string('created_by', 36).nullable();
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.unique(['tenant_id', 'code']);
  });
  await knex.schema.createTable(`${table}_lines`, (t) => {
    t.string('tenant_id', 36).notNullable();
    t.string('document_id', 36).notNullable();
    t.integer('line_no').notNullable();
    t.string('item_id', 36).nullable();
    t.string('unit_id', 36).nullable();
    t.bigInteger('quantity').nullable();
    t.bigInteger('price').nullable();
    t.string('discount_type', 20).nullable();
    t.bigInteger('discount').nullable();
    t.string('tax_category', 2).nullable();
    t.bigInteger('tax_rate').nullable();
    t.bigInteger('value').notNullable();
    if (options.converted) t.integer('source_line_no').nullable();
    t.primary(['tenant_id', 'document_id', 'line_no']);
  });
  if (options.payments)
    await knex.schema.createTable(`${table}_payments`, (t) => {
      t.string('tenant_id', 36).notNullable();
      t.string('document_id', 36).notNullable();
      t.integer('line_no').notNullable();
      t.string('payment_method_id', 36).notNullable();
      t.bigInteger('amount').notNullable();
      t.primary(['tenant_id', 'document_id', 'line_no']);
    });
}

export const moneyDocumentsMigration: Migration = {
  name: 'test_0001_money_documents',
  async up(knex) {
    await moneyTables(knex, 'doc_test_quotations', { payments: false, converted: false });
    await moneyTables(knex, 'doc_test_invoices', { payments: true, converted: true });
  },
};

type Line = Record<string, string | number>;
/** A standard-rated line of one piece. */
export const moneyLine = (itemId: string, quantity: string, price: string, extra: Line = {}): Line => ({
  itemId,
  unitId: 'piece',
  quantity,
  price,
  taxCategory: 'S',
  taxRate: '15',
  ...extra,
});

const TENANT = '00000000-0000-4000-8000-0000000000e1';
const BRANCH = '00000000-0000-4000-8000-0000000000e2';

/**
 * The two types on a service of their own, on a branch that shows three decimals (the tax arithmetic stays in
 * the currency's two), with an admin's headers; a payment method's id is its kind.
 */
export async function startMoneyDocuments(engine: Engine) {
  const dbs: TestDatabases = testDatabases(engine);
  const tokens = createTokenService('x'.repeat(32));
  const service = await startService(
    {
      name: 'sales',
      migrations: [
        replicaMigration,
        replicaSettingsMigration,
        documentKitMigration,
        idempotencyKitMigration,
        closedPeriodsMigration,
        moneyDocumentsMigration,
      ],
      routes: (deps) =>
        documentEngineRoutes(deps, [testQuotations, testInvoices], {
          paymentKinds: async (_s, ids) => new Map(ids.map((id) => [id, id])),
        }),
    },
    { db: dbs.config('sales_money'), bus: new InProcessBus(), tokens, relayPollMs: 60_000 },
  );
  await tenantScope(service.db, TENANT).insert(replicaTables.branches, {
    id: BRANCH,
    code: '1',
    arabic_name: 'الفرع',
    english_name: 'Branch',
    is_master: false,
    decimal_digits: 3,
    settings: JSON.stringify({}),
    as_of: '2026-01-01T00:00:00.000Z',
  });
  const token = tokens.sign({
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
  const year = new Date().getFullYear();
  return {
    service,
    year,
    api: () => request(service.app),
    headers: (language = 'en') => ({
      Authorization: `Bearer ${token}`,
      BranchId: BRANCH,
      FiscalYear: String(year),
      Language: language,
    }),
    async stop() {
      await service.stop();
      await dbs.cleanup();
    },
  };
}
export type MoneyDocuments = Awaited<ReturnType<typeof startMoneyDocuments>>;
