import { statSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { serviceNames } from '@erp/contracts';
import { createLogger, createTokenService, type Db } from '@erp/service-kit';
import { SubscriptionReplica, createGateway } from '@erp/gateway';
import { Mailer } from '@erp/identity/src/application/mailer';
import { engines } from '../support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../support/embedded-app';
import { PASSWORD, userWith, type Session } from './helpers';

/**
 * Issue 9, items 6, 7, 9, 11, 12 and 13: bad input is a clear 400 (or 413) that changes nothing, never a 500;
 * passwords follow one rule; what leaks is closed; every answer of the gateway is a translated problem.
 */
describe.each(engines())('bad input on %s', (engine) => {
  let app: TestApp;
  let admin: Session;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
  });
  afterAll(async () => app?.stop());

  const asAdmin = () => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
  });

  it('refuses numbers beyond the storage range with a 400 naming the field and the limit (item 6)', async () => {
    const res = await app.api
      .post('/api/Customers')
      .set(asAdmin())
      .send({ arabicName: 'عميل كبير', creditLimit: '999999999999999' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'creditLimit', code: 'validation.numberTooLarge' }),
    ]);
    expect(res.body.errors[0].message).toContain('900000000000');
    const unit = (await app.api.post('/api/Units').set(asAdmin()).send({ arabicName: 'حبة' })).body.id;
    const store = (
      await app.api
        .post('/api/Stores')
        .set(asAdmin())
        .send({ arabicName: 'مخزن', branchId: admin.defaultBranchId })
    ).body.id;
    const category = (await app.api.post('/api/ItemCategories').set(asAdmin()).send({ arabicName: 'فئة' }))
      .body.id;
    const item = (
      await app.api.post('/api/Items').set(asAdmin()).send({
        arabicName: 'صنف',
        barcode: '6281000007775',
        categoryId: category,
        mainUnitId: unit,
        salesPrice: '8',
        costPrice: '5',
      })
    ).body.id;
    const huge = await app.api
      .post('/api/OverflowAdjustments')
      .set(asAdmin())
      .send({
        date: `${year}-01-05`,
        storeId: store,
        lines: [{ itemId: item, unitId: unit, quantity: '900000000000', unitCost: '10' }],
      });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('validation.numberTooLarge');
    expect((await app.api.get('/api/OverflowAdjustments').set(asAdmin())).body.total).toBe(0);
  });

  it('answers filter keys named like object properties and broken percent-encoding with 400 (item 7)', async () => {
    // (__proto__ never arrives: the query parser drops it)
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const suffix of ['', '/export']) {
        const res = await app.api
          .get(`/api/Banks${suffix}`)
          .query({ [`filter[${key}]`]: 'x' })
          .set(asAdmin());
        expect(res.status).toBe(400);
      }
    }
    const bad = await app.api.get('/api/Banks/%E0%A4%A').set(asAdmin());
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalidAddress');
  });

  it('applies one password rule, with one maximum, wherever a password is set (item 9)', async () => {
    const long = `Aa1!${'x'.repeat(100_000)}`;
    const res = await app.api
      .post('/api/Users')
      .set(asAdmin())
      .send({
        fullName: 'Long',
        userName: 'long_pw',
        password: long,
        confirmPassword: long,
        branches: [admin.defaultBranchId],
      });
    expect([400, 413]).toContain(res.status);
    const justOver = `Aa1!${'x'.repeat(125)}`;
    const over = await app.api
      .post('/api/Users')
      .set(asAdmin())
      .send({
        fullName: 'Over',
        userName: 'over_pw',
        password: justOver,
        confirmPassword: justOver,
        branches: [admin.defaultBranchId],
      });
    expect(over.status).toBe(400);
    expect(over.body.errors.map((e: { code: string }) => e.code)).toContain('validation.passwordTooLong');
    const tenant = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
      name: 'Weak',
      adminUserName: 'weak_admin',
      adminPassword: 'a',
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    });
    expect(tenant.status).toBe(400);
    expect(tenant.body.errors.map((e: { field: string }) => e.field)).toContain('adminPassword');
  });

  it("shows users only their own tickets; admins see everyone's (item 11)", async () => {
    const a = await userWith(app, admin, 'ticket_a');
    const b = await userWith(app, admin, 'ticket_b');
    const send = (u: Session, title: string) =>
      app.api
        .post('/api/SupportTicket')
        .set(bearer(u.token))
        .send({ title, phone: '0551234567', email: 'a@example.com', message: 'it broke' });
    expect((await send(a, 'from a')).status).toBe(201);
    expect((await send(b, 'from b')).status).toBe(201);
    const titles = async (u: Session) =>
      ((await app.api.get('/api/SupportTicket').set(bearer(u.token))).body.items as { title: string }[])
        .map((t) => t.title)
        .sort();
    expect(await titles(a)).toEqual(['from a']);
    expect(await titles(b)).toEqual(['from b']);
    expect(await titles(admin)).toEqual(['from a', 'from b']);
  });

  it('marks every API answer no-store (item 11)', async () => {
    for (const res of [
      await app.api.get('/api/aggregates/StartUp').set(asAdmin()),
      await app.api.post('/api/Users/auth').send({ userName: 'admin', password: 'wrong' }),
      await app.api.get('/api/nowhere').set(asAdmin()),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses junk bodies: too large for the route (413) or with unknown fields (400), changing nothing (item 13)', async () => {
    const u = await userWith(app, admin, 'junk_writer');
    const big = { refreshToken: 'x'.repeat(2 * 1024 * 1024) };
    const logout = await app.api.post('/api/Users/logout').set(bearer(u.token)).send(big);
    expect(logout.status).toBe(413);
    expect(logout.body.code).toBe('requestTooLarge');
    await app.api.put('/api/UserPreferences').set(bearer(u.token)).send({ language: 'ar' }).expect(200);
    const before = (await app.api.get('/api/UserPreferences').set(bearer(u.token))).body;
    const typo = await app.api.put('/api/UserPreferences').set(bearer(u.token)).send({ langauge: 'en' });
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual([
      expect.objectContaining({ field: 'langauge', code: 'validation.unknownField' }),
    ]);
    const huge = await app.api
      .put('/api/UserPreferences')
      .set(bearer(u.token))
      .send({ language: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await app.api.get('/api/UserPreferences').set(bearer(u.token))).body).toEqual(before);
    // the sign-in still works with its exact fields
    expect(
      (await app.api.post('/api/Users/auth').send({ userName: 'junk_writer', password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('data files and mails (item 11)', () => {
  it('creates the SQLite files 0600 in a 0700 folder', async () => {
    const app = await startTestApp('sqlite');
    try {
      const file = (app.embedded.services.identity!.db.client.config.connection as { filename: string })
        .filename;
      expect(statSync(file).mode & 0o777).toBe(0o600);
      for (const f of [`${file}-wal`]) expect(statSync(f).mode & 0o077).toBe(0);
      expect(path.basename(file)).toMatch(/\.sqlite$/);
    } finally {
      await app.stop();
    }
  });

  it('erases a one-time code from the mail queue once sent, and deletes it unsent once expired', async () => {
    const app = await startTestApp('sqlite');
    try {
      const db = app.embedded.services.identity!.db;
      const sent: string[] = [];
      const transport = { sendMail: async (m: { to: string }) => void sent.push(m.to) };
      const mailer = new Mailer(
        db,
        createLogger('test'),
        transport as unknown as ConstructorParameters<typeof Mailer>[2],
      );
      const tenantId = (await db('tenants').first('id')).id as string;
      await mailer.enqueue(db, {
        tenantId,
        to: 'a@example.com',
        subject: 's',
        body: 'One-time password: Secret1!',
        secretUntil: new Date(Date.now() + 60_000).toISOString(),
      });
      await mailer.enqueue(db, {
        tenantId,
        to: 'b@example.com',
        subject: 's',
        body: 'One-time password: Old1!',
        secretUntil: new Date(Date.now() - 1000).toISOString(),
      });
      await mailer.deliver();
      const rows = await db('mail_queue').select('to_address', 'status', 'body');
      expect(rows).toEqual([{ to_address: 'a@example.com', status: 'sent', body: '' }]);
      expect(sent).toEqual(['a@example.com']);
    } finally {
      await app.stop();
    }
  });
});

describe("the gateway's own answers (item 12)", () => {
  const gateway = () =>
    request(
      createGateway({
        services: Object.fromEntries(
          serviceNames.map((s) => [s, { kind: 'remote' as const, url: 'http://127.0.0.1:9' }]),
        ) as Parameters<typeof createGateway>[0]['services'],
        ownApp: (() => undefined) as unknown as Parameters<typeof createGateway>[0]['ownApp'],
        tokens: createTokenService('x'.repeat(32)),
        subscriptions: new SubscriptionReplica({} as Db),
        logger: createLogger('test'),
        // what express.static with fallthrough: false does for a missing file
        after: [(_req, _res, next) => next(Object.assign(new Error('missing'), { status: 404 }))],
      }),
    );

  it('answers a service that is down with a translated 503 and Retry-After', async () => {
    const res = await gateway()
      .post('/api/Users/auth')
      .set('Language', 'ar')
      .send({ userName: 'a', password: 'b' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe('serviceUnavailable');
    expect(res.body.detail).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers a missing file with a 404 problem', async () => {
    const res = await gateway().get('/mfe/mfe_sales/remoteEntry.js');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('routeNotFound');
  });
});
