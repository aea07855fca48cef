import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * The spec's 'invoice template': per sales document type, the optional blocks of its print and a text above and
 * below; kept with the company, so StartUp brings them to the print. Spec section 5: 'Print templates: backslash
 * not allowed', refused with the translated message.
 */
describe.each(engines())('print templates on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  const as = (language = 'en') => ({ ...bearer(admin.token), Language: language });

  it('start empty, are saved per document type and come back with the company and StartUp', async () => {
    expect((await app.api.get('/api/Company').set(as())).body.printTemplates).toEqual({});
    const res = await app.api
      .put('/api/Company/PrintTemplates')
      .set(as())
      .send({
        salesInvoices: { showSignatures: false, headerText: 'شكراً لتعاملكم', footerText: 'Line 1\nLine 2' },
      });
    expect(res.status).toBe(200);
    const saved = {
      salesInvoices: {
        showNotes: true,
        showSignatures: false,
        headerText: 'شكراً لتعاملكم',
        footerText: 'Line 1\nLine 2',
      },
    };
    expect(res.body).toEqual(saved);
    expect((await app.api.get('/api/Company').set(as())).body.printTemplates).toEqual(saved);
    const startUp = await app.api.get('/api/aggregates/StartUp').set(as());
    expect(startUp.body.currentCompany.printTemplates).toEqual(saved);
    // a company edit keeps them
    const company = (await app.api.get('/api/Company').set(as())).body;
    expect(
      (
        await app.api
          .put('/api/Company')
          .set(as())
          .send({ ...company, fax: '0112345678' })
      ).status,
    ).toBe(200);
    expect((await app.api.get('/api/Company').set(as())).body.printTemplates).toEqual(saved);
  });

  it.each([
    ['ar', 'لا يُسمح بالشرطة المائلة العكسية (\\) في قوالب الطباعة'],
    ['en', 'Print templates may not contain a backslash (\\)'],
    ['de', 'Druckvorlagen dürfen keinen Backslash (\\) enthalten'],
  ])('refuse a backslash in a text (%s), and change nothing', async (language, message) => {
    const before = (await app.api.get('/api/Company').set(as())).body.printTemplates;
    const res = await app.api
      .put('/api/Company/PrintTemplates')
      .set(as(language))
      .send({ quotations: { footerText: 'C:\\prints' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message.replace(/\\/g, '\\\\'));
    expect((await app.api.get('/api/Company').set(as())).body.printTemplates).toEqual(before);
  });

  it('refuse a document type without templates, and need editCompany', async () => {
    const res = await app.api.put('/api/Company/PrintTemplates').set(as()).send({ storageTransfers: {} });
    expect(res.status).toBe(400);
    expect((await app.api.put('/api/Company/PrintTemplates').send({})).status).toBe(401);
  });
});
