import type { DocumentRecord } from '@erp/contracts';
import { engines } from '../../../tests/support/databases';
import { moneyLine as line, startMoneyDocuments, type MoneyDocuments } from './support/money-documents';

type Doc = DocumentRecord & {
  conversions?: { type: string; id: string; code: string }[];
  conversionStatus?: string;
  sourceId?: string | null;
};

/**
 * Conversion (spec section 4; issue 14, deliverable 2) through the engine: a quotation becomes invoices in parts;
 * no line takes more than its source line has left (also when two conversions race); the quotation, now
 * referenced, can no longer be changed or deleted, yet can be closed, after which nothing more converts from
 * it; deleting a converted invoice gives its quantities back.
 */
describe.each(engines())('converting documents through the engine on %s', (engine) => {
  let app: MoneyDocuments;
  beforeAll(async () => {
    app = await startMoneyDocuments(engine);
  });
  afterAll(async () => app?.stop());

  const date = () => `${app.year}-04-01`;
  const quotation = async () => {
    const res = await app
      .api()
      .post('/api/TestQuotations')
      .set(app.headers())
      .send({ date: date(), lines: [line('a', '10', '5'), line('b', '4', '20')] });
    expect(res.status).toBe(201);
    return res.body as Doc;
  };
  const invoiceFrom = (source: Doc, lines: Record<string, unknown>[], language = 'en') =>
    app
      .api()
      .post('/api/TestInvoices')
      .set(app.headers(language))
      .send({ date: date(), sourceType: 'testQuotations', sourceId: source.id, lines });
  const read = async (path: string, id: string) =>
    (await app.api().get(`${path}/${id}`).set(app.headers())).body as Doc;

  it('converts a quotation in parts; each line takes at most what is left', async () => {
    const q = await quotation();
    const first = await invoiceFrom(q, [{ ...line('a', '6', '5'), sourceLineNo: 1 }]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ sourceType: 'testQuotations', sourceId: q.id });
    expect(first.body.lines[0].sourceLineNo).toBe(1);

    let source = await read('/api/TestQuotations', q.id);
    expect(source).toMatchObject({ referenced: true, conversionStatus: 'partly' });
    expect(source.conversions).toEqual([{ type: 'testInvoices', id: first.body.id, code: first.body.code }]);
    expect(source.lines.map((l) => l.remaining)).toEqual(['4', '4']);

    // more than is left of line 1, in the request's language, and nothing written
    const over = await invoiceFrom(q, [{ ...line('a', '5', '5'), sourceLineNo: 1 }], 'ar');
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([
      expect.objectContaining({
        field: 'lines.0.quantity',
        message: 'الكمية أكبر من المتبقي في المستند المصدر (4)',
      }),
    ]);
    // a line of another item than its source line
    const wrong = await invoiceFrom(q, [{ ...line('b', '1', '5'), sourceLineNo: 1 }]);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.0.sourceLineNo', code: 'validation.sourceLine' }),
    ]);

    const rest = await invoiceFrom(q, [
      { ...line('a', '4', '5'), sourceLineNo: 1 },
      { ...line('b', '4', '20'), sourceLineNo: 2 },
    ]);
    expect(rest.status).toBe(201);
    source = await read('/api/TestQuotations', q.id);
    expect(source).toMatchObject({ conversionStatus: 'wholly' });
    expect(source.lines.map((l) => l.remaining)).toEqual(['0', '0']);
    expect(source.conversions).toHaveLength(2);

    // the referenced quotation is neither changed nor deleted
    const edit = await app
      .api()
      .put(`/api/TestQuotations/${q.id}`)
      .set(app.headers())
      .send({ date: date(), lines: [line('a', '1', '5')] });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('referencedTransaction');
    expect((await app.api().delete(`/api/TestQuotations/${q.id}`).set(app.headers())).status).toBe(409);

    // deleting an invoice gives its quantities back; changing one counts only its new figures
    expect((await app.api().delete(`/api/TestInvoices/${first.body.id}`).set(app.headers())).status).toBe(
      200,
    );
    source = await read('/api/TestQuotations', q.id);
    expect(source).toMatchObject({ conversionStatus: 'partly' });
    expect(source.lines.map((l) => l.remaining)).toEqual(['6', '0']);
    const changed = await app
      .api()
      .put(`/api/TestInvoices/${rest.body.id}`)
      .set(app.headers())
      .send({
        date: date(),
        sourceType: 'testQuotations',
        sourceId: q.id,
        lines: [
          { ...line('a', '10', '5'), sourceLineNo: 1 },
          { ...line('b', '4', '20'), sourceLineNo: 2 },
        ],
      });
    expect(changed.status).toBe(200);
    expect((await read('/api/TestQuotations', q.id)).conversionStatus).toBe('wholly');
  });

  it('lets a partly converted quotation be closed, after which nothing more converts from it', async () => {
    const q = await quotation();
    expect((await invoiceFrom(q, [{ ...line('a', '1', '5'), sourceLineNo: 1 }])).status).toBe(201);
    const closed = await app.api().post(`/api/TestQuotations/${q.id}/close`).set(app.headers());
    expect(closed.status).toBe(200);
    const after = await invoiceFrom(q, [{ ...line('a', '1', '5'), sourceLineNo: 1 }]);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('sourceClosed');
  });

  it('gives exactly what is left to conversions that race', async () => {
    const q = await quotation();
    // ten invoices of 2 each for line 1's 10 and line 2's 4: five fit for line 1
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => invoiceFrom(q, [{ ...line('a', '2', '5'), sourceLineNo: 1 }])),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const source = await read('/api/TestQuotations', q.id);
    expect(source.lines.map((l) => l.remaining)).toEqual(['0', '4']);
  });

  it('refuses a source of another type or one that does not exist', async () => {
    const res = await app
      .api()
      .post('/api/TestInvoices')
      .set(app.headers())
      .send({
        date: date(),
        sourceType: 'testQuotations',
        sourceId: '00000000-0000-4000-8000-00000000dead',
        lines: [{ ...line('a', '1', '5'), sourceLineNo: 1 }],
      });
    expect(res.status).toBe(404);
    const other = await app
      .api()
      .post('/api/TestInvoices')
      .set(app.headers())
      .send({
        date: date(),
        sourceType: 'testInvoices',
        sourceId: null,
        lines: [line('a', '1', '5')],
      });
    expect(other.status).toBe(400);
  });
});
