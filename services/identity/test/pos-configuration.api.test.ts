import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * The spec's /posConfigurations (editCompany), issue 15 deliverable 2: the prefix (20 to 29) and the mode (weight
 * or price) of the company's scale labels, kept with the company so every signed-in till reads them from
 * GET /api/Company, and announced with the company event (inventory's barcode lookup reads its replica).
 */
describe.each(engines())('POS configuration on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  const as = (language = 'en') => ({ ...bearer(admin.token), Language: language });
  const current = async () => (await app.api.get('/api/Company').set(as())).body.posConfiguration;

  it('starts at prefix 20 and weight, is saved and comes back with the company and StartUp', async () => {
    expect(await current()).toEqual({ scalePrefix: '20', scaleMode: 'weight' });
    const res = await app.api
      .put('/api/Company/PosConfiguration')
      .set(as())
      .send({ scalePrefix: '23', scaleMode: 'price' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scalePrefix: '23', scaleMode: 'price' });
    expect(await current()).toEqual({ scalePrefix: '23', scaleMode: 'price' });
    const startUp = await app.api.get('/api/aggregates/StartUp').set(as());
    expect(startUp.body.currentCompany.posConfiguration).toEqual({ scalePrefix: '23', scaleMode: 'price' });
    // a company edit keeps it, and so does a print-templates edit
    const company = (await app.api.get('/api/Company').set(as())).body;
    expect(
      (
        await app.api
          .put('/api/Company')
          .set(as())
          .send({ ...company, fax: '0112345678' })
      ).status,
    ).toBe(200);
    expect((await app.api.put('/api/Company/PrintTemplates').set(as()).send({})).status).toBe(200);
    expect(await current()).toEqual({ scalePrefix: '23', scaleMode: 'price' });
    // a body without the mode takes the default (weight): the setting is replaced as a whole
    const prefixOnly = await app.api
      .put('/api/Company/PosConfiguration')
      .set(as())
      .send({ scalePrefix: '29' });
    expect(prefixOnly.body).toEqual({ scalePrefix: '29', scaleMode: 'weight' });
  });

  it('announces the setting with the company event', async () => {
    await app.api
      .put('/api/Company/PosConfiguration')
      .set(as())
      .send({ scalePrefix: '24', scaleMode: 'weight' })
      .expect(200);
    const outbox = await app.embedded.services
      .identity!.db('outbox')
      .where({ type: 'identity.company.changed' })
      .orderBy('seq', 'desc')
      .first();
    const envelope = JSON.parse(String(outbox.envelope)) as { payload: Record<string, unknown> };
    expect(envelope.payload.posConfiguration).toEqual({ scalePrefix: '24', scaleMode: 'weight' });
    expect(envelope.payload.arabicName).toEqual(expect.any(String));
  });

  it.each([
    [{ scalePrefix: '30', scaleMode: 'weight' }, ['scalePrefix']],
    [{ scalePrefix: '19', scaleMode: 'weight' }, ['scalePrefix']],
    [{ scalePrefix: 23, scaleMode: 'weight' }, ['scalePrefix']],
    [{ scalePrefix: '23', scaleMode: 'x' }, ['scaleMode']],
    [{ scalePrefix: '30', scaleMode: 'x' }, ['scalePrefix', 'scaleMode']],
    // an unknown key is an issue of the body itself (zod's unrecognized_keys has no path)
    [{ scalePrefix: '23', scaleMode: 'weight', other: true }, ['']],
  ])('refuses %j with field issues and changes nothing', async (body, fields) => {
    const before = await current();
    const res = await app.api.put('/api/Company/PosConfiguration').set(as('ar')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields].sort());
    for (const e of res.body.errors as { message: string }[]) expect(e.message).toMatch(/[\u0600-\u06ff]/);
    expect(await current()).toEqual(before);
  });

  it('needs a signed-in user with editCompany', async () => {
    expect((await app.api.put('/api/Company/PosConfiguration').send({ scalePrefix: '21' })).status).toBe(401);
  });
});
