import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

/**
 * Names and files through the gateway (issue 9 defect 10): the contracts' text and attachment schemas and the
 * kit's content check decide for every master-data entity, document and the feedback screenshot.
 */
describe.each(engines())('names and files on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let orderId = '';
  const year = new Date().getFullYear();
  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: language,
  });

  async function create(path: string, body: Record<string, unknown>) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    const category = await create('/api/ItemCategories', { arabicName: 'معلبات' });
    const unit = await create('/api/Units', { arabicName: 'حبة' });
    const store = await create('/api/Stores', { arabicName: 'الرئيسي', branchId: admin.defaultBranchId });
    const item = await create('/api/Items', {
      arabicName: 'سكر',
      barcode: 'SUG-9',
      categoryId: category.id,
      mainUnitId: unit.id,
    });
    orderId = (
      await create('/api/AdditionOrders', {
        date: `${year}-02-01`,
        storeId: store.id,
        lines: [{ itemId: item.id, unitId: unit.id, quantity: '1', unitCost: '1' }],
      })
    ).id;
  });
  afterAll(async () => app?.stop());

  it('refuses a required name made only of invisible or direction characters, on every entity', async () => {
    for (const arabicName of ['\u200B\u200B', '\u202E\u202E\u202E', '\u0007\u0008']) {
      for (const path of ['/api/Units', '/api/ItemCategories']) {
        const res = await app.api.post(path).set(as('ar')).send({ arabicName });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe('arabicName');
        expect(['validation.required', 'validation.invisibleCharacters']).toContain(res.body.errors[0].code);
        expect(res.body.errors[0].message).not.toMatch(/^validation\./);
      }
    }
  });

  it('stores a name normalised: NFC, without zero-width characters', async () => {
    const unit = await create('/api/Units', { arabicName: '\u200BCafe\u0301 كرتون\uFEFF' });
    expect(unit.arabicName).toBe('Caf\u00E9 كرتون');
    const again = await app.api.post('/api/Units').set(as()).send({ arabicName: 'bad\u202Ename' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('validation.invisibleCharacters');
  });

  describe('document attachments', () => {
    const attach = (body: Record<string, unknown>) =>
      app.api
        .post(`/api/AdditionOrders/${orderId}/attachments`)
        .set(as('ar'))
        .send({ fileName: 'photo.png', contentType: 'image/png', base64: PNG.toString('base64'), ...body });

    it.each([
      ['a right-to-left override in the name', { fileName: 'invoice\u202Efdp.exe' }, 'fileName'],
      ['a line break in the content type', { contentType: 'image/png\r\nX-Injected: 1' }, 'contentType'],
      ['invalid base64', { base64: '@@@ not base64 @@@' }, 'base64'],
      [
        'HTML renamed .png',
        { base64: Buffer.from('<html><script>x()</script></html>').toString('base64') },
        'base64',
      ],
      [
        'an executable renamed .png',
        { base64: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(80)]).toString('base64') },
        'base64',
      ],
    ])('refuses %s with 400 and stores nothing', async (_case, body, field) => {
      const res = await attach(body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      const stored = await app.embedded.services
        .inventory!.db('doc_attachments')
        .where({ document_id: orderId });
      expect(stored).toHaveLength(0);
    });

    it('takes a real image, and downloads never answer 500 even for a type stored before these checks', async () => {
      const res = await attach({});
      expect(res.status).toBe(201);
      const download = await app.api
        .get(`/api/AdditionOrders/${orderId}/attachments/${res.body.id}`)
        .set(as())
        .buffer(true);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      await app.embedded.services
        .inventory!.db('doc_attachments')
        .where({ id: res.body.id })
        .update({ content_type: 'image/png\r\nSet-Cookie: stolen=1' });
      const legacy = await app.api.get(`/api/AdditionOrders/${orderId}/attachments/${res.body.id}`).set(as());
      expect(legacy.status).toBe(200);
      expect(legacy.headers['content-type']).toBe('application/octet-stream');
      expect(legacy.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('the feedback screenshot', () => {
    const ticket = (imageExtension: string, base64Image: string) =>
      app.api.post('/api/SupportTicket').set(as()).send({
        title: 'Printer',
        phone: '0551234567',
        email: 'a@b.co',
        message: 'It stops',
        imageExtension,
        base64Image,
      });

    it('refuses HTML or a program named .png and invalid base64; takes a real image', async () => {
      const html = await ticket('png', Buffer.from('<!doctype html><html></html>').toString('base64'));
      expect(html.status).toBe(400);
      expect(html.body.errors[0]).toMatchObject({
        field: 'base64Image',
        code: 'validation.fileContentMismatch',
      });
      const exe = await ticket(
        'gif',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(40)]).toString('base64'),
      );
      expect(exe.status).toBe(400);
      const junk = await ticket('png', 'not/base64!!');
      expect(junk.status).toBe(400);
      expect(junk.body.errors[0]).toMatchObject({ field: 'base64Image', code: 'validation.base64' });
      expect((await ticket('png', `data:image/png;base64,${PNG.toString('base64')}`)).status).toBe(201);
    });
  });
});
