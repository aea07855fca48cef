import ExcelJS from 'exceljs';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const password = 'Str0ng!Pass';

describe.each(engines())('master-data engine through the gateway on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let masterBranchId: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    const startUp = await app.api.get('/api/aggregates/StartUp').set(bearer(admin.token));
    masterBranchId = startUp.body.branches.find((b: { isMaster: boolean }) => b.isMaster).id;
  });
  afterAll(async () => app?.stop());

  const as = (token = admin.token) => ({ ...bearer(token), BranchId: admin.defaultBranchId, Language: 'en' });

  async function user(userName: string, permissions: string[]) {
    const res = await app.api
      .post('/api/Users')
      .set(as())
      .send({
        fullName: userName,
        userName,
        password,
        confirmPassword: password,
        branches: [admin.defaultBranchId],
        permissions,
      });
    expect(res.status).toBe(201);
    return login(app, userName, password);
  }

  it('pages, searches (wildcard-safe), sorts and numbers codes', async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await app.api
        .post('/api/Areas')
        .set(as())
        .send({ arabicName: `منطقة ${String(i).padStart(2, '0')}` });
      expect(res.status).toBe(201);
      expect(res.body.code).toBe(String(i));
      expect(res.body.englishName).toBe(res.body.arabicName);
    }
    const first = await app.api.get('/api/Areas').query({ pageSize: 15 }).set(as());
    expect(first.body).toMatchObject({ total: 20, page: 1, pageSize: 15 });
    expect(first.body.items).toHaveLength(15);
    expect(first.body.items.map((a: { code: string }) => a.code).slice(0, 3)).toEqual(['1', '2', '3']);
    const second = await app.api.get('/api/Areas').query({ pageSize: 15, page: 2 }).set(as());
    expect(second.body.items).toHaveLength(5);
    expect((await app.api.get('/api/Areas').query({ pageSize: 20 }).set(as())).status).toBe(400);
    const search = await app.api.get('/api/Areas').query({ search: 'منطقة 1' }).set(as());
    expect(search.body.total).toBe(10);
    expect((await app.api.get('/api/Areas').query({ search: '%' }).set(as())).body.total).toBe(0);
    const sorted = await app.api.get('/api/Areas').query({ sort: 'arabicName', order: 'desc' }).set(as());
    expect(sorted.body.items[0].arabicName).toBe('منطقة 20');
    expect((await app.api.get('/api/Areas').query({ sort: 'nope' }).set(as())).status).toBe(400);
  });

  it('keeps codes unique (409 code already used) and fixed once saved', async () => {
    const a = await app.api
      .post('/api/CarColors')
      .set(as())
      .send({ code: 'W', arabicName: 'أبيض', englishName: 'White' });
    expect(a.status).toBe(201);
    const dup = await app.api.post('/api/CarColors').set(as()).send({ code: 'W', arabicName: 'أبيض 2' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'codeAlreadyUsed', detail: 'This code is already used' });
    expect(dup.body.errors[0]).toMatchObject({ field: 'code', code: 'codeAlreadyUsed' });
    const renamed = await app.api
      .put(`/api/CarColors/${a.body.id}`)
      .set(as())
      .send({ code: 'X', arabicName: 'أبيض لامع' });
    expect(renamed.body).toMatchObject({ code: 'W', arabicName: 'أبيض لامع', englishName: 'أبيض لامع' });
  });

  it('numbers records saved at once one after another, and of two at once with one plate, refuses the second by its field', async () => {
    // each save read the highest code before the others committed: on MySQL all but one broke on the key (409
    // 'itemAlreadyExists'); the one that lost runs again and takes the next code
    const colors = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.api
          .post('/api/CarColors')
          .set(as())
          .send({ arabicName: `لون متزامن ${i}` }),
      ),
    );
    expect(colors.map((c) => c.status)).toEqual(Array(8).fill(201));
    expect(new Set(colors.map((c) => c.body.code)).size).toBe(8);
    // with their own codes (no turns taken) both pass the plate check before either commits; the index refuses
    // the second, which runs again and is refused by the check, naming the field
    const cars = await Promise.all(
      ['RACE-A', 'RACE-B'].map((code) =>
        app.api.post('/api/Cars').set(as()).send({ code, arabicName: code, plateNumber: 'RACE 1' }),
      ),
    );
    expect(cars.map((c) => c.status).sort()).toEqual([201, 409]);
    expect(cars.find((c) => c.status === 409)!.body.errors[0]).toMatchObject({
      field: 'plateNumber',
      code: 'valueAlreadyUsed',
    });
  });

  it('checks unique fields, references, and refuses deleting a referenced record', async () => {
    const type = await app.api.post('/api/CarTypes').set(as()).send({ arabicName: 'خلاطة', kind: 'mixer' });
    const color = await app.api.post('/api/CarColors').set(as()).send({ arabicName: 'أحمر' });
    const car = await app.api.post('/api/Cars').set(as()).send({
      arabicName: 'خلاطة 1',
      plateNumber: 'ABC 123',
      chassisNumber: 'CH-1',
      carTypeId: type.body.id,
      carColorId: color.body.id,
      capacity: '9.5',
    });
    expect(car.status).toBe(201);
    expect(car.body).toMatchObject({ plateNumber: 'ABC 123', capacity: '9.5', isActive: true });
    const again = await app.api
      .post('/api/Cars')
      .set(as())
      .send({ arabicName: 'خلاطة 2', plateNumber: 'ABC 123' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'plateNumber', code: 'valueAlreadyUsed' });
    // two cars may leave an optional unique field empty
    expect(
      (await app.api.post('/api/Cars').set(as()).send({ arabicName: 'خلاطة 3', plateNumber: 'P3' })).status,
    ).toBe(201);
    expect(
      (await app.api.post('/api/Cars').set(as()).send({ arabicName: 'خلاطة 4', plateNumber: 'P4' })).status,
    ).toBe(201);
    const broken = await app.api
      .post('/api/Cars')
      .set(as())
      .send({ arabicName: 'x', plateNumber: 'P5', carTypeId: 'nope' });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0]).toMatchObject({ field: 'carTypeId', code: 'validation.reference' });
    const refused = await app.api.delete(`/api/CarTypes/${type.body.id}`).set(as());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('referencedRecord');
    expect((await app.api.delete(`/api/Cars/${car.body.id}`).set(as())).status).toBe(200);
    expect((await app.api.delete(`/api/CarTypes/${type.body.id}`).set(as())).status).toBe(200);
    expect((await app.api.get(`/api/Cars/${car.body.id}`).set(as())).status).toBe(404);
  });

  it('filters columns', async () => {
    await app.api
      .post('/api/Tables')
      .set(as())
      .send({ arabicName: 'طاولة 1', tableNumber: 1, chairs: 4, section: 'Garden' });
    await app.api
      .post('/api/Tables')
      .set(as())
      .send({ arabicName: 'طاولة 2', tableNumber: 2, chairs: 6, section: 'Hall', isActive: false });
    const dup = await app.api
      .post('/api/Tables')
      .set(as())
      .send({ arabicName: 'طاولة 3', tableNumber: 2, chairs: 2 });
    expect(dup.status).toBe(409);
    const inactive = await app.api.get('/api/Tables').query({ 'filter[isActive]': 'false' }).set(as());
    expect(inactive.body.items.map((t: { tableNumber: number }) => t.tableNumber)).toEqual([2]);
    const garden = await app.api.get('/api/Tables').query({ 'filter[section]': 'gard' }).set(as());
    expect(garden.body.total).toBe(1);
    const bad = await app.api
      .post('/api/Tables')
      .set(as())
      .send({ arabicName: 'x', tableNumber: 0, chairs: 'four' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['chairs', 'tableNumber']);
  });

  it("rounds decimals to the branch's digits except the spec's exceptions, and keeps secrets secret", async () => {
    const t = await app.api
      .post('/api/MaxTemperatures')
      .set(as())
      .send({ arabicName: 'صيف', temperature: '32.456' });
    expect(t.body.temperature).toBe('32.46');
    const d = await app.api
      .post('/api/DiscountTypes')
      .set(as())
      .send({
        arabicName: 'خصم الموظفين',
        discountPercentage: '12.345',
        secretCode: '4321',
        allowedUsers: [admin.userId],
      });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({
      discountPercentage: '12.345',
      secretCodeIsSet: true,
      allowedUsers: [admin.userId],
    });
    expect(d.body).not.toHaveProperty('secretCode');
    const over = await app.api
      .post('/api/DiscountTypes')
      .set(as())
      .send({ arabicName: 'x', discountPercentage: '101' });
    expect(over.status).toBe(400);
    const ghost = await app.api
      .post('/api/DiscountTypes')
      .set(as())
      .send({ arabicName: 'y', discountPercentage: '1', allowedUsers: ['ghost'] });
    expect(ghost.body.errors[0]).toMatchObject({ field: 'allowedUsers', code: 'validation.reference' });
    const kept = await app.api
      .put(`/api/DiscountTypes/${d.body.id}`)
      .set(as())
      .send({ ...d.body, secretCode: '' });
    expect(kept.body.secretCodeIsSet).toBe(true);
  });

  it('validates IBANs and references to branches (from the identity replica)', async () => {
    const bad = await app.api.post('/api/Banks').set(as()).send({ arabicName: 'بنك', iban: 'SA00 1234' });
    expect(bad.body.errors[0]).toMatchObject({ field: 'iban', code: 'validation.iban' });
    const bank = await app.api.post('/api/Banks').set(as()).send({
      arabicName: 'بنك الرياض',
      iban: 'SA03 8000 0000 6080 1016 7519',
      accountNumber: '608010167519',
    });
    expect(bank.status).toBe(201);
    expect(bank.body.iban).toBe('SA0380000000608010167519');
    const safe = await app.api
      .post('/api/Safes')
      .set(as())
      .send({ arabicName: 'خزينة الفرع', branchId: admin.defaultBranchId });
    expect(safe.status).toBe(201);
    const nowhere = await app.api
      .post('/api/Safes')
      .set(as())
      .send({ arabicName: 'خزينة', branchId: 'nowhere' });
    expect(nowhere.status).toBe(400);
  });

  it('applies the dealer rules: tax number format and uniqueness, mobile uniqueness, credit limit above zero', async () => {
    const bad = await app.api
      .post('/api/Suppliers')
      .set(as())
      .send({ arabicName: 'مورد', taxNumber: '123', creditLimit: '0', startDealingDate: '2026-13-01' });
    expect(bad.status).toBe(400);
    const codes = Object.fromEntries(
      bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
    );
    expect(codes).toEqual({
      taxNumber: 'validation.taxNumber',
      creditLimit: 'validation.aboveZero',
      startDealingDate: 'validation.date',
    });
    const ok = await app.api.post('/api/Suppliers').set(as()).send({
      arabicName: 'مصنع الأسمنت',
      taxNumber: '300000000000003',
      phone: '0551112233',
      creditLimit: '50000',
      city: 'الرياض',
      isCompany: true,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      taxNumber: '300000000000003',
      creditLimit: '50000',
      isCompany: true,
      suspended: false,
    });
    const dupTax = await app.api
      .post('/api/Suppliers')
      .set(as())
      .send({ arabicName: 'آخر', taxNumber: '300000000000003' });
    expect(dupTax.status).toBe(409);
    expect(dupTax.body.errors[0]).toMatchObject({ field: 'taxNumber', code: 'valueAlreadyUsed' });
    const area = await app.api.post('/api/Areas').set(as()).send({ arabicName: 'الوسطى' });
    const customer = await app.api
      .post('/api/Customers')
      .set(as())
      .send({ arabicName: 'عميل', areaId: area.body.id, phone: '0551112233' });
    expect(customer.status).toBe(201);
    expect((await app.api.delete(`/api/Areas/${area.body.id}`).set(as())).status).toBe(409);
  });

  it('makes the master branch read-only', async () => {
    const res = await app.api
      .post('/api/Units')
      .set({ ...as(), BranchId: masterBranchId })
      .send({ arabicName: 'كرتون' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('masterBranchReadOnly');
    expect((await app.api.get('/api/Units').set({ ...as(), BranchId: masterBranchId })).status).toBe(200);
  });

  it('guards each route by its permission; admins bypass; routes without one need a session', async () => {
    const driverClerk = await user('driver_clerk', ['viewDrivers', 'viewBanks']);
    expect((await app.api.get('/api/Cars').set(as(driverClerk.token))).status).toBe(403);
    expect((await app.api.get('/api/Drivers').set(as(driverClerk.token))).status).toBe(200);
    expect(
      (await app.api.post('/api/Drivers').set(as(driverClerk.token)).send({ arabicName: 'سائق' })).status,
    ).toBe(403);
    expect(
      (await app.api.post('/api/Banks').set(as(driverClerk.token)).send({ arabicName: 'بنك' })).status,
    ).toBe(201);
    expect((await app.api.get('/api/RevenueTypes').set(as(driverClerk.token))).status).toBe(200);
    expect((await app.api.get('/api/RevenueTypes')).status).toBe(401);
  });

  it("never shows or changes another tenant's records (404)", async () => {
    const unit = await app.api.post('/api/Units').set(as()).send({ arabicName: 'حبة' });
    await app.api
      .post('/api/provider/tenants')
      .set('X-Provider-Key', PROVIDER_KEY)
      .send({
        name: 'Other',
        adminUserName: 'other_admin',
        adminPassword: password,
        subscriptionStart: '2020-01-01',
        subscriptionEnd: '2099-12-31',
      })
      .expect(201);
    const other = await login(app, 'other_admin', password);
    const id = unit.body.id as string;
    expect((await app.api.get(`/api/Units/${id}`).set(bearer(other.token))).status).toBe(404);
    expect(
      (await app.api.put(`/api/Units/${id}`).set(bearer(other.token)).send({ arabicName: 'x' })).status,
    ).toBe(404);
    expect((await app.api.delete(`/api/Units/${id}`).set(bearer(other.token))).status).toBe(404);
    expect((await app.api.get('/api/Units').set(bearer(other.token))).body.total).toBe(0);
  });

  it('exports the filtered list as .xlsx with translated headers', async () => {
    const res = await app.api
      .get('/api/Tables/export')
      .query({ 'filter[isActive]': 'true' })
      .set({ ...as(), Language: 'ar' })
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('الطاولات');
    expect(sheet.getRow(1).getCell(1).value).toBe('الكود');
    expect(sheet.actualRowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('طاولة 1');
  });

  it('records an audit trail in identity and announces the change', async () => {
    const area = await app.api.post('/api/Areas').set(as()).send({ arabicName: 'الشمال' });
    await app.api.put(`/api/Areas/${area.body.id}`).set(as()).send({ arabicName: 'الشمال الجديد' });
    await app.flush();
    const logs = await app.api
      .get('/api/AuditLogs')
      .query({ entity: 'areas', entityId: area.body.id, pageSize: 50 })
      .set(as());
    const change = logs.body.items.find(
      (l: { action: string; property: string }) => l.action === 'modified' && l.property === 'arabicName',
    );
    expect(change).toMatchObject({ service: 'sales', before: 'الشمال', after: 'الشمال الجديد' });
    const outbox = await app.embedded.services
      .sales!.db('outbox')
      .where({ type: 'sales.masterData.changed' })
      .count({ n: '*' });
    expect(Number(outbox[0]!.n)).toBeGreaterThan(0);
  });
});
