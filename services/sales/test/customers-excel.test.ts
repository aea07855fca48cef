import ExcelJS from 'exceljs';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * Customers' Excel migration (spec section 7, /api/data-migration/Customers; issue 14): the engine's import
 * job and workbook, declared with the customers as the items' are. References are named by code or name,
 * another service's price list included (sales' replica of it).
 */
describe.each(engines())('customers import and export on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    Language: language,
  });
  const PATH = '/api/data-migration/Customers';

  async function waitForJob(id: string) {
    for (;;) {
      const res = await app.api.get(`/api/sales/jobs/${id}`).set(as('ar'));
      if (res.status !== 200) throw new Error(`job ${id}: ${res.status}`);
      if (!['queued', 'running'].includes(res.body.status)) return res.body;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function importBook(book: ExcelJS.Workbook) {
    const res = await app.api
      .post(PATH)
      .set(as('ar'))
      .attach('file', Buffer.from(await book.xlsx.writeBuffer()), 'customers.xlsx');
    expect(res.status).toBe(202);
    expect(res.body.kind).toBe('sales.customersImport');
    return waitForJob(res.body.id);
  }

  /** The workbook the GET answers (supertest leaves a binary body unread without a parser). */
  async function workbookAt(query: Record<string, string>) {
    const res = await app.api
      .get(PATH)
      .query(query)
      .set(as('ar'))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Parameters<typeof book.xlsx.load>[0]);
    return book;
  }

  const customersByCode = async () => {
    const res = await app.api.get('/api/Customers').set(as()).query({ pageSize: 500 });
    return new Map<string, Record<string, unknown>>(
      res.body.items.map((c: Record<string, unknown>) => [String(c.code), c]),
    );
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    for (const [path, body] of [
      ['/api/Areas', { code: 'RUH', arabicName: 'الرياض' }],
      ['/api/Agents', { code: 'AG1', arabicName: 'مندوب الوسطى' }],
      ['/api/DealersClassifications', { code: 'VIP', arabicName: 'كبار العملاء' }],
      ['/api/PriceLists', { code: 'WH', arabicName: 'الجملة' }],
      ['/api/Customers', { code: 'OLD', arabicName: 'عميل سابق', phone: '0559990000' }],
    ] as const) {
      const res = await app.api.post(path).set(as()).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    await app.flush();
  });
  afterAll(async () => app?.stop());

  it('imports the good rows and reports each bad one with its reasons, writing nothing for it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Customers');
    sheet.addRow([
      'code',
      'arabicName',
      'phone',
      'taxNumber',
      'area',
      'agent',
      'priceList',
      'creditLimit',
      'suspended',
    ]);
    sheet.addRow([
      'C1',
      'مؤسسة النور',
      '0551110001',
      '310000000000003',
      'الرياض',
      'AG1',
      'WH',
      '5,000',
      'no',
    ]);
    sheet.addRow(['C2', 'شركة الأمل', '0551110002', '', 'RUH', 'مندوب الوسطى', '', 2500.5, 'yes']);
    sheet.addRow(['C3', 'رقم ضريبي خطأ', '', '123', '', '', '', '', '']);
    sheet.addRow(['C4', 'مندوب مجهول', '', '', '', 'NOPE', '', '0', '']);
    sheet.addRow(['C5', 'جوال مستخدم', '0559990000', '', '', '', '', '', '']);
    sheet.addRow(['OLD', 'كود مستخدم', '', '', '', '', '', '', '']);
    const job = await importBook(book);
    expect(job).toEqual(
      expect.objectContaining({ status: 'succeeded', total: 6, result: { imported: 2, rejected: 4 } }),
    );
    expect(job.rejected).toEqual([
      { row: 4, reasons: ['الرقم الضريبي: الرقم الضريبي مكوّن من 15 رقمًا ويبدأ وينتهي بالرقم 3'] },
      {
        row: 5,
        reasons: [
          expect.stringMatching(/^المندوب: .*غير موجود/),
          expect.stringMatching(/: يجب أن تكون القيمة أكبر من صفر$/),
        ],
      },
      { row: 6, reasons: [expect.stringContaining('مستخدم')] },
      { row: 7, reasons: [expect.stringContaining('الكود')] },
    ]);
    const saved = await customersByCode();
    expect([...saved.keys()].filter((c) => /^C\d$/.test(c)).sort()).toEqual(['C1', 'C2']);
    expect(saved.get('C1')).toMatchObject({
      taxNumber: '310000000000003',
      creditLimit: '5000',
      suspended: false,
      priceListId: expect.any(String),
      agentId: expect.any(String),
      areaId: expect.any(String),
    });
    expect(saved.get('C2')).toMatchObject({ creditLimit: '2500.5', suspended: true, priceListId: null });
    expect(saved.get('OLD')).toMatchObject({ arabicName: 'عميل سابق' });
  });

  it('exports a workbook that imports back to the same customers', async () => {
    const templateBook = await workbookAt({ template: 'true' });
    expect(templateBook.worksheets[0]!.rowCount).toBe(2);
    expect(templateBook.worksheets[0]!.getRow(2).getCell(2).value).toBe('الاسم العربي');

    const before = await customersByCode();
    const book = await workbookAt({});
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('code');
    // the references are named by their codes
    const c1 = sheet.getRows(3, sheet.rowCount - 2)!.find((r) => r.getCell(1).value === 'C1')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(c1.getCell(header.indexOf('agent')).value).toBe('AG1');
    expect(c1.getCell(header.indexOf('priceList')).value).toBe('WH');

    for (const code of ['C1', 'C2'])
      expect((await app.api.delete(`/api/Customers/${before.get(code)!.id}`).set(as())).status).toBe(200);
    const job = await importBook(book);
    // the customers still there (the cash customer, OLD) keep their codes: refused, not doubled
    expect(job.result).toEqual({ imported: 2, rejected: before.size - 2 });
    const after = await customersByCode();
    for (const code of ['C1', 'C2']) {
      const { id: _a, createdAt: _b, updatedAt: _c, ...was } = before.get(code)!;
      expect(after.get(code)).toMatchObject(was);
    }
  });
});
