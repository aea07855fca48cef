/**
 * Makes an upgrade fixture: the product of this checkout, started on empty databases, filled through its API
 * with rows in every table (a few tables the API cannot reach are filled directly), then saved as it is on
 * disk: one SQLite file per service (gzipped) and, with ERP_TEST_MYSQL_URL set, one SQL dump per service database.
 *
 *   pnpm fixture:upgrade <version>            # e.g. 2026-11-main-5693e71
 *
 * Run it on the commit whose schema the fixture should freeze (before a release's migrations change it);
 * `tests/upgrade/upgrade.test.ts` then upgrades every fixture under `tests/upgrade/fixtures/` with the current
 * code. The files are committed; this script is kept so the next fixture is made the same way.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startEmbedded, type Embedded } from '@erp/runner';
import { dropMysqlDatabase, openDatabase, type Db, type DbConfig } from '@erp/service-kit';
import {
  FIXTURE_ADMIN_PASSWORD as ADMIN_PASSWORD,
  FIXTURE_PROVIDER_KEY as PROVIDER_KEY,
  fixtureServices as services,
} from './fixture-databases';
import { listTables } from './schema';

const USER_PASSWORD = 'Us3r!Fixture';

type Json = Record<string, unknown>;

function client(url: string) {
  let headers: Record<string, string> = { 'Content-Type': 'application/json', Language: 'en' };
  async function call(method: string, route: string, body?: unknown, expected = [200, 201]) {
    const res = await fetch(`${url}${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as Json;
  }
  return {
    call,
    post: (route: string, body: unknown) => call('POST', route, body),
    put: (route: string, body: unknown) => call('PUT', route, body),
    get: (route: string) => call('GET', route),
    as(extra: Record<string, string>) {
      headers = { 'Content-Type': 'application/json', Language: 'en', ...extra };
    },
  };
}

/** Drives the API: two tenants, every master-data list, items with lines, every stock document, users... */
async function fill(embedded: Embedded): Promise<void> {
  const api = client(embedded.url);
  const today = new Date().toISOString().slice(0, 10);
  api.as({ 'X-Provider-Key': PROVIDER_KEY });
  await api.post('/api/provider/tenants', {
    name: 'Second tenant',
    adminUserName: 'second_admin',
    adminPassword: ADMIN_PASSWORD,
    subscriptionStart: '2020-01-01',
    subscriptionEnd: '2099-12-31',
  });
  api.as({});
  const admin = await api.post('/api/Users/auth', { userName: 'admin', password: ADMIN_PASSWORD });
  const branchId = String(admin.defaultBranchId);
  api.as({ Authorization: `Bearer ${String(admin.token)}`, BranchId: branchId, Language: 'en' });

  // identity: company, a branch, a user, favourites, a ticket, preferences, a mailed password
  const company = await api.get('/api/Company');
  await api.put('/api/Company', { ...company, taxNumber: '300000000000003', englishName: 'Fixture Co' });
  const branches = await api.call('GET', '/api/aggregates/StartUp');
  const main = (branches.branches as Json[]).find((b) => !b.isMaster)!;
  await api.put(`/api/Branches/${String(main.id)}`, {
    ...main,
    postalCode: '12345',
    buildingNumber: '1234',
    additionalNumber: '5678',
    city: 'Riyadh',
  });
  await api.post('/api/Branches', { code: '2', arabicName: 'فرع جدة' });
  const clerk = await api.post('/api/Users', {
    fullName: 'Fixture Clerk',
    userName: 'clerk',
    email: 'clerk@example.com',
    phone: '0551234567',
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    branches: [branchId],
  });
  await api.post('/api/FavoriteRoutes', { routeUrl: '/users', title: 'Users' });
  await api.post('/api/SupportTicket', {
    title: 'Printer',
    phone: '0551234567',
    email: 'a@b.co',
    message: 'The printer prints nothing',
    imageExtension: 'png',
    base64Image: Buffer.from('not really a png').toString('base64'),
  });
  await api.put('/api/UserPreferences', { language: 'en' });
  await api.post('/api/Users/forget-password', { email: 'clerk@example.com' });

  // accounts
  const bank = await api.post('/api/Banks', {
    arabicName: 'بنك',
    accountNumber: '1234567890',
    iban: 'SA0380000000608010167519',
    branchName: 'Olaya',
    phone: '0112345678',
    notes: 'main bank',
  });
  await api.post('/api/Safes', { arabicName: 'خزينة', branchId, notes: 'cash' });
  await api.post('/api/PaymentMethods', {
    arabicName: 'بطاقة',
    kind: 'card',
    bankId: bank.id,
    commissionPercentage: '1.5',
  });
  for (const route of ['ExpenseTypes', 'IncomeTypes', 'RevenueTypes', 'ExchangeDestinations'])
    await api.post(`/api/${route}`, { code: 'F1', arabicName: `نوع ${route}`, notes: route });

  // sales and purchases
  const area = await api.post('/api/Areas', { arabicName: 'الوسطى', notes: 'centre' });
  await api.post('/api/DiscountTypes', {
    arabicName: 'خصم',
    discountPercentage: '10',
    secretCode: '1234',
    allowedUsers: [clerk.id],
  });
  const dealer = {
    phone: '0501234567',
    landline: '0112345678',
    email: 'dealer@example.com',
    contactPerson: 'Ali',
    taxNumber: '310000000000003',
    isCompany: true,
    creditLimit: '5000',
    allowanceDays: 30,
    startDealingDate: today,
    bankAccountNumber: '987654321',
    iban: 'SA4420000001234567891234',
    country: 'SA',
    city: 'Riyadh',
    district: 'Olaya',
    streetName: 'King Fahd',
    buildingNumber: '1234',
    postalCode: '12345',
    extraNumber: '5678',
    anotherId: 'X1',
    address: 'Riyadh',
    notes: 'dealer',
  };
  await api.post('/api/Customers', { arabicName: 'عميل', ...dealer, areaId: area.id, isCashCustomer: true });
  await api.post('/api/Suppliers', { arabicName: 'مورد', ...dealer });

  // restaurant and concrete
  await api.post('/api/Tables', { arabicName: 'طاولة', tableNumber: 1, chairs: 4, section: 'hall' });
  const color = await api.post('/api/CarColors', { arabicName: 'أبيض' });
  const type = await api.post('/api/CarTypes', { arabicName: 'خلاطة', kind: 'mixer' });
  const car = await api.post('/api/Cars', {
    arabicName: 'خلاطة 1',
    plateNumber: 'P1',
    chassisNumber: 'C1',
    carTypeId: type.id,
    carColorId: color.id,
    model: '2024',
    capacity: '9',
  });
  await api.post('/api/Drivers', {
    arabicName: 'سائق',
    phone: '0509876543',
    licenseNumber: 'L1',
    carId: car.id,
  });
  await api.post('/api/Projects', {
    arabicName: 'مشروع',
    address: 'Riyadh',
    contactPerson: 'Omar',
    phone: '0501112223',
    notes: 'tower',
  });
  await api.post('/api/CementTypes', { arabicName: 'أسمنت', notes: 'type I' });
  await api.post('/api/CastingTypes', { arabicName: 'صب', notes: 'slab' });
  await api.post('/api/MaxTemperatures', { arabicName: 'صيف', temperature: '45' });

  // inventory: the catalog, an item with every kind of line, every stock document
  const piece = await api.post('/api/Units', { arabicName: 'حبة' });
  const carton = await api.post('/api/Units', { arabicName: 'كرتون' });
  const storeA = await api.post('/api/Stores', {
    arabicName: 'المخزن الرئيسي',
    branchId,
    keeper: 'Saad',
    phone: '0112223334',
    address: 'Riyadh',
    notes: 'main',
  });
  const storeB = await api.post('/api/Stores', { arabicName: 'مخزن الفرع', branchId });
  const parent = await api.post('/api/ItemCategories', { arabicName: 'أغذية' });
  const category = await api.post('/api/ItemCategories', { arabicName: 'معلبات', parentId: parent.id });
  const tax = await api.post('/api/Taxes', { arabicName: 'ضريبة', rate: '15', category: 'S' });
  const item = await api.post('/api/Items', {
    arabicName: 'تونة',
    barcode: '6281000000017',
    categoryId: category.id,
    mainUnitId: piece.id,
    salesPrice: '8',
    minSalesPrice: '6',
    maxSalesPrice: '10',
    costPrice: '5',
    minimumLimit: '5',
    reorderLimit: '30',
    taxId: tax.id,
    isBalanceItem: true,
    scaleCode: '12345',
    place: 'A1',
    notes: 'tuna',
    units: [
      {
        unitId: carton.id,
        conversionRate: '12',
        barcode: '6281000000024',
        salesPrice: '90',
        minSalesPrice: '80',
        maxSalesPrice: '100',
      },
    ],
    openingBalances: [{ storeId: storeA.id, quantity: '100', unitCost: '5' }],
  });
  const kit = await api.post('/api/Items', {
    arabicName: 'علبة هدية',
    barcode: '6281000000031',
    categoryId: category.id,
    mainUnitId: piece.id,
    isManufacturingItem: true,
    components: [{ itemId: item.id, unitId: piece.id, quantity: '2' }],
  });
  await api.post('/api/PriceLists', {
    arabicName: 'الجملة',
    items: [{ itemId: item.id, unitId: carton.id, price: '85' }],
    notes: 'wholesale',
  });
  const line = (quantity: string) => ({ itemId: item.id, unitId: piece.id, quantity });
  const one = { date: today, storeId: storeA.id, referenceNumber: 'R1', notes: 'fixture' };
  await api.post('/api/AdditionOrders', { ...one, lines: [{ ...line('10'), unitCost: '6' }] });
  await api.post('/api/OverflowAdjustments', { ...one, lines: [{ ...line('1'), unitCost: '5' }] });
  await api.post('/api/ShortageAdjustments', { ...one, lines: [line('1')] });
  await api.post('/api/DamageAdjustments', { ...one, lines: [line('1')] });
  await api.post('/api/ExchangeOrders', { ...one, lines: [line('2')] });
  await api.post('/api/StorageTransfers', { ...one, toStoreId: storeB.id, lines: [line('5')] });
  await api.post('/api/ManufacturingOrders', {
    ...one,
    lines: [{ itemId: kit.id, unitId: piece.id, quantity: '1' }],
  });
  const sheet = await api.post('/api/Stocktakings', {
    ...one,
    lines: [{ itemId: item.id, unitId: piece.id, countedQuantity: '90' }],
  });
  await api.post(`/api/Stocktakings/${String(sheet.id)}/attachments`, {
    fileName: 'count.txt',
    contentType: 'text/plain',
    base64: Buffer.from('counted by Saad').toString('base64'),
  });
  await api.post(`/api/Stocktakings/${String(sheet.id)}/close`, {});

  // the clerk signs in once (a refresh token of another user)
  api.as({});
  await api.post('/api/Users/auth', { userName: 'clerk', password: USER_PASSWORD });
  await publishEverything(embedded);
}

async function publishEverything(embedded: Embedded): Promise<void> {
  for (let i = 0; i < 3; i++) for (const s of Object.values(embedded.services)) await s.relay.flush();
}

/**
 * Tables the API cannot fill on purpose: a parked event in every service, a sent event in the gateway (which
 * emits none), a document reference (no route makes one yet).
 */
async function fillDirectly(embedded: Embedded): Promise<void> {
  const inventory = embedded.services.inventory!.db;
  const sheet = (await inventory('doc_stocktakings').first()) as Json;
  const adjustment = (await inventory('doc_shortage_adjustments').first()) as Json;
  await inventory('doc_references').insert({
    tenant_id: sheet.tenant_id,
    document_type: 'stocktakings',
    document_id: sheet.id,
    by_type: 'shortageAdjustments',
    by_id: adjustment.id,
  });
  const at = new Date().toISOString();
  await embedded.services.gateway!.db('outbox').insert({
    id: '0190f000-0000-7000-8000-0000000000a1',
    tenant_id: sheet.tenant_id,
    topic: 'gateway.fixture',
    msg_key: `${String(sheet.tenant_id)}:fixture`,
    type: 'gateway.fixture.sent',
    envelope: JSON.stringify({ id: '0190f000-0000-7000-8000-0000000000a1', type: 'gateway.fixture.sent' }),
    created_at: at,
    sent_at: at,
  });
  for (const [name, service] of Object.entries(embedded.services)) {
    const sample = (await service.db('inbox').first()) as Json | undefined;
    await service.db('dead_letters').insert({
      id: `0190f000-0000-7000-8000-${name
        .padEnd(12, '0')
        .slice(0, 12)
        .replace(/[^0-9a-f]/g, '0')}`,
      consumer: name,
      event_id: '0190f000-0000-7000-8000-00000000dead',
      tenant_id: String(sample?.tenant_id ?? '0190f000-0000-7000-8000-000000000000'),
      type: 'fixture.parked',
      envelope: JSON.stringify({ id: '0190f000-0000-7000-8000-00000000dead', type: 'fixture.parked' }),
      error: 'parked by the fixture generator',
      attempts: 3,
      created_at: new Date().toISOString(),
    });
  }
}

async function emptyTables(db: Db, service: string): Promise<string[]> {
  const empty: string[] = [];
  for (const table of await listTables(db)) if (!(await db(table).first())) empty.push(`${service}.${table}`);
  return empty;
}

async function make(databases: (service: string) => DbConfig): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-fixture-'));
  const embedded = await startEmbedded({
    dataDir,
    port: 0,
    jwtSecret: randomBytes(32).toString('hex'),
    env: { ERP_ADMIN_PASSWORD: ADMIN_PASSWORD, ERP_PROVIDER_KEY: PROVIDER_KEY },
    loginRateLimit: 10_000,
    relayPollMs: 60_000,
    database: databases,
  });
  try {
    await fill(embedded);
    await fillDirectly(embedded);
    const empty: string[] = [];
    for (const [name, s] of Object.entries(embedded.services)) empty.push(...(await emptyTables(s.db, name)));
    if (empty.length > 0)
      throw new Error(`tables without rows (fill them in make-fixture.ts): ${empty.join(', ')}`);
  } finally {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function makeSqlite(target: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'erp-fixture-sqlite-'));
  await make((name) => ({ client: 'sqlite', filename: path.join(work, `${name}.sqlite`) }));
  mkdirSync(target, { recursive: true });
  for (const name of services) {
    const file = path.join(work, `${name}.sqlite`);
    // one self-contained file (no WAL beside it), as small as its rows
    const db = await openDatabase({ client: 'sqlite', filename: file });
    await db.raw('pragma journal_mode = DELETE');
    await db.raw('pragma page_size = 1024');
    await db.raw('vacuum');
    await db.destroy();
    writeFileSync(path.join(target, `${name}.sqlite.gz`), gzipSync(readFileSync(file), { level: 9 }));
  }
  rmSync(work, { recursive: true, force: true });
}

async function makeMysql(url: string, target: string): Promise<void> {
  const prefix = `fx${randomBytes(3).toString('hex')}`;
  const database = (name: string) => `${prefix}_${name}`;
  try {
    await make((name) => ({ client: 'mysql', url, database: database(name) }));
    mkdirSync(target, { recursive: true });
    const u = new URL(url);
    for (const name of services) {
      const sql = execFileSync(
        'mysqldump',
        [
          `--host=${u.hostname}`,
          `--port=${u.port || '3306'}`,
          `--user=${decodeURIComponent(u.username)}`,
          ...(u.password ? [`--password=${decodeURIComponent(u.password)}`] : []),
          '--skip-comments',
          '--skip-dump-date',
          '--hex-blob',
          '--no-tablespaces',
          '--skip-add-locks',
          '--skip-disable-keys',
          '--skip-lock-tables',
          '--single-transaction',
          database(name),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ).toString('utf8');
      // MariaDB's dump opens with a sandbox-mode marker other servers and clients do not know
      writeFileSync(path.join(target, `${name}.sql`), sql.replace(/^\/\*M!999999.*\n/, ''));
    }
  } finally {
    for (const name of services) await dropMysqlDatabase(url, database(name));
  }
}

async function main(): Promise<void> {
  const version = process.argv[2];
  if (!version || !/^[A-Za-z0-9._-]+$/.test(version)) throw new Error('usage: make-fixture.ts <version>');
  const root = path.join(__dirname, 'fixtures', version);
  await makeSqlite(path.join(root, 'sqlite'));
  const url = process.env.ERP_TEST_MYSQL_URL;
  if (url) await makeMysql(url, path.join(root, 'mysql'));
  else process.stdout.write('ERP_TEST_MYSQL_URL is not set: no MySQL dump made\n');
  process.stdout.write(`fixture written to ${root}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
