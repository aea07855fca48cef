import { dec, storedToString, toStored, type Envelope } from '@erp/contracts';
import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { postPendingDocuments } from '../src/posting';
import { postingFixture, type PostingFixture } from './support/posting-fixture';

type Payment = { methodId: string; kind: string; amount: string };
type Category = { category: string; rate: string; taxable: string; vat: string };
interface Money {
  gross: string;
  discount: string;
  vat: string;
  total: string;
  vatCategories: Category[];
  payments: Payment[];
}
type Line = { link: string; debit: string; credit: string; taxTag: string | null };

/**
 * Three lines: 2 × 100 at 15 % less a 20 discount, 1 × 50 zero rated, 3 × 10 exempt; paid 100 in cash and 150
 * by card, the rest (37) on credit.
 */
const INVOICE: Money = {
  gross: '280',
  discount: '20',
  vat: '27',
  total: '287',
  vatCategories: [
    { category: 'S', rate: '15', taxable: '180', vat: '27' },
    { category: 'Z', rate: '0', taxable: '50', vat: '0' },
    { category: 'E', rate: '0', taxable: '30', vat: '0' },
  ],
  payments: [
    { methodId: 'pm-cash', kind: 'cash', amount: '100' },
    { methodId: 'pm-card', kind: 'card', amount: '150' },
  ],
};

const amount = (v: string) => storedToString(toStored(v));
const dr = (link: string, v: string, taxTag: string | null = null): Line => ({
  link,
  debit: amount(v),
  credit: '0',
  taxTag,
});
const cr = (link: string, v: string, taxTag: string | null = null): Line => ({
  link,
  debit: '0',
  credit: amount(v),
  taxTag,
});
const byLine = (a: Line, b: Line) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** The invoice's entry: its cost (120 at cost) and its money, netted one line per account, side and tax tag. */
const INVOICE_LINES: Line[] = [
  dr('costOfGoodsSold', '120'),
  cr('inventory', '120'),
  dr('cash', '100'),
  dr('banks', '150'),
  dr('receivables', '37'),
  dr('discountsAllowed', '20'),
  cr('sales', '180', 'standardRatedSales|base|15'),
  cr('sales', '50', 'zeroRatedSales|base|0'),
  cr('sales', '30', 'exemptSales|base|0'),
  cr('sales', '20'),
  cr('vatOutput', '27', 'standardRatedSales|tax|15'),
].sort(byLine);

/**
 * Sales invoices and returns booked from events (issue 14, deliverable 5): the money from sales'
 * `sales.document.changed`, the cost from inventory's `inventory.stock.moved`, arriving in any order and maybe
 * twice, as one entry of the document per branch; cancellation reverses it; the VAT summary reads its tags.
 */
describe.each(engines())('posting sales documents from events on %s', (engine) => {
  let f: PostingFixture;
  let linkOf: Map<string, string>;
  beforeAll(async () => {
    f = await postingFixture(engine);
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
    linkOf = new Map<string, string>();
    for (const [name, id] of Object.entries(f.links)) if (id && !linkOf.has(id)) linkOf.set(id, name);
    // the links these documents book are distinct accounts: each line's account names its link
    const used = ['cash', 'banks', 'receivables', 'sales', 'salesReturns', 'vatOutput', 'discountsAllowed'];
    expect(new Set(used.map((l) => f.links[l])).size).toBe(used.length);
  });
  afterAll(async () => f?.stop());

  const moneyEvent = (
    documentType: string,
    documentId: string,
    revision: number,
    money: Money | null,
    date = `${f.year}-02-10`,
  ): Envelope =>
    f.envelope('sales.document.changed', documentId, {
      documentType,
      documentId,
      code: `26-${documentId.slice(-4)}`,
      revision,
      date,
      deleted: money === null,
      customerId: null,
      ...(money ?? {
        gross: '0',
        discount: '0',
        vat: '0',
        total: '0',
        vatCategories: [],
        payments: [],
      }),
    });
  /** Inventory's booking of the document's stock at a revision: a signed value at cost (none: no lines). */
  const stockEvent = (
    documentType: string,
    documentId: string,
    revision: number,
    value: string | null,
    date = `${f.year}-02-10`,
  ): Envelope =>
    f.envelope('inventory.stock.moved', documentId, {
      sourceService: 'sales',
      documentType,
      documentId,
      code: `26-${documentId.slice(-4)}`,
      revision,
      date,
      movements:
        value === null
          ? []
          : [
              {
                itemId: 'i',
                storeId: 's',
                quantity: value.startsWith('-') ? '-3' : '3',
                value,
                reversal: false,
              },
            ],
    });
  /** Again, with an event id of its own (a producer's retry): the same revision, stale. */
  const again = (e: Envelope): Envelope => ({ ...e, id: newId() });

  /** The document's live lines, by link, as decimal strings with their tax tags. */
  async function liveLines(documentId: string): Promise<Line[]> {
    const db = f.accountsDb();
    const entries = (await db('journal_entries')
      .where({ tenant_id: f.tenantId })
      .andWhere('source_type', 'like', 'sales.%')
      .select('id', 'source_id', 'reverses_entry_id')) as {
      id: string;
      source_id: string;
      reverses_entry_id: string | null;
    }[];
    const reversed = new Set(entries.map((e) => e.reverses_entry_id));
    const live = entries
      .filter((e) => e.source_id === documentId && !e.reverses_entry_id && !reversed.has(e.id))
      .map((e) => e.id);
    if (live.length === 0) return [];
    const rows = (await db('journal_lines')
      .whereIn('entry_id', live)
      .select('account_id', 'debit', 'credit', 'tax_tag')) as {
      account_id: string;
      debit: string;
      credit: string;
      tax_tag: string | null;
    }[];
    return rows
      .map((r) => ({
        link: linkOf.get(r.account_id) ?? r.account_id,
        debit: storedToString(r.debit),
        credit: storedToString(r.credit),
        taxTag: r.tax_tag ?? null,
      }))
      .sort(byLine);
  }
  const liveEntryCount = async (documentId: string) => {
    const entries = (await f
      .accountsDb()('journal_entries')
      .where({ tenant_id: f.tenantId, source_id: documentId })
      .select('id', 'reverses_entry_id')) as { id: string; reverses_entry_id: string | null }[];
    const reversed = new Set(entries.map((e) => e.reverses_entry_id));
    return entries.filter((e) => !e.reverses_entry_id && !reversed.has(e.id)).length;
  };
  const statusOf = async (documentId: string) =>
    (
      await f
        .accountsDb()('posting_documents')
        .where({ tenant_id: f.tenantId, document_id: documentId })
        .first('status')
    )?.status;

  it.each([
    ['the money first', false],
    ['the stock first', true],
  ])('books an invoice with three lines, two payments and a discount exactly, %s', async (_, stockFirst) => {
    const id = newId();
    const money = moneyEvent('salesInvoices', id, 1, INVOICE);
    const stock = stockEvent('salesInvoices', id, 1, '-120');
    const [first, second] = stockFirst ? [stock, money] : [money, stock];
    await f.deliver(first);
    expect(await statusOf(id)).toBe('posted');
    await f.deliver(second);
    expect(await liveLines(id)).toEqual(INVOICE_LINES);
    // one entry: the money and the cost are the same branch's
    expect(await liveEntryCount(id)).toBe(1);
    // redelivered (the inbox), and the same revisions again under new ids (stale): nothing changes
    const entries = await f.entryCount();
    for (const e of [first, second, again(first), again(second)]) await f.deliver(e);
    expect(await f.entryCount()).toBe(entries);
    expect(await liveLines(id)).toEqual(INVOICE_LINES);
    await f.checkBalanced();
  });

  it('rebooks on a newer revision of either part, and ignores older ones that come late', async () => {
    const id = newId();
    const paidInCash = {
      ...INVOICE,
      payments: [{ methodId: 'pm-cash', kind: 'cash', amount: '287' }],
    };
    await f.deliver(moneyEvent('salesInvoices', id, 2, paidInCash));
    await f.deliver(stockEvent('salesInvoices', id, 2, '-130'));
    // revision 1 of both parts arrives late: stale
    const entries = await f.entryCount();
    await f.deliver(moneyEvent('salesInvoices', id, 1, INVOICE));
    await f.deliver(stockEvent('salesInvoices', id, 1, '-120'));
    expect(await f.entryCount()).toBe(entries);
    expect(await liveLines(id)).toEqual(
      [
        dr('costOfGoodsSold', '130'),
        cr('inventory', '130'),
        dr('cash', '287'),
        dr('discountsAllowed', '20'),
        cr('sales', '180', 'standardRatedSales|base|15'),
        cr('sales', '50', 'zeroRatedSales|base|0'),
        cr('sales', '30', 'exemptSales|base|0'),
        cr('sales', '20'),
        cr('vatOutput', '27', 'standardRatedSales|tax|15'),
      ].sort(byLine),
    );
    // the money part alone advances: the entry is rebooked with the stock part as it was
    await f.deliver(moneyEvent('salesInvoices', id, 3, INVOICE));
    expect(await liveLines(id)).toEqual(
      [
        dr('costOfGoodsSold', '130'),
        cr('inventory', '130'),
        ...INVOICE_LINES.filter((l) => !['costOfGoodsSold', 'inventory'].includes(l.link)),
      ].sort(byLine),
    );
    expect(await liveEntryCount(id)).toBe(1);
    await f.checkBalanced();
  });

  it('books a return (a credit note) the other way, on sales returns', async () => {
    const id = newId();
    const credit: Money = {
      gross: '110',
      discount: '10',
      vat: '12',
      total: '112',
      vatCategories: [
        { category: 'S', rate: '15', taxable: '80', vat: '12' },
        { category: 'O', rate: '0', taxable: '20', vat: '0' },
      ],
      payments: [{ methodId: 'pm-cash', kind: 'cash', amount: '50' }],
    };
    await f.deliver(stockEvent('salesReturns', id, 1, '45.5'));
    await f.deliver(moneyEvent('salesReturns', id, 1, credit));
    expect(await liveLines(id)).toEqual(
      [
        dr('inventory', '45.5'),
        cr('costOfGoodsSold', '45.5'),
        dr('salesReturns', '80', 'standardRatedSales|base|15'),
        // out of scope: no box
        dr('salesReturns', '30'),
        dr('vatOutput', '12', 'standardRatedSales|tax|15'),
        cr('discountsAllowed', '10'),
        cr('cash', '50'),
        cr('receivables', '62'),
      ].sort(byLine),
    );
    await f.checkBalanced();
  });

  it('reverses everything once a cancelled invoice has lost both parts, in either order', async () => {
    for (const moneyFirst of [true, false]) {
      const id = newId();
      await f.deliver(moneyEvent('salesInvoices', id, 1, INVOICE));
      await f.deliver(stockEvent('salesInvoices', id, 1, '-120'));
      const gone = [moneyEvent('salesInvoices', id, 2, null), stockEvent('salesInvoices', id, 2, null)];
      await f.deliver(gone[moneyFirst ? 0 : 1]!);
      // one part is gone: the other still stands
      expect(await liveLines(id)).toEqual(
        INVOICE_LINES.filter((l) => moneyFirst === ['costOfGoodsSold', 'inventory'].includes(l.link)),
      );
      await f.deliver(gone[moneyFirst ? 1 : 0]!);
      expect(await liveLines(id)).toEqual([]);
      expect(await statusOf(id)).toBe('nothing');
      // late events of the first revision book nothing
      const entries = await f.entryCount();
      await f.deliver(moneyEvent('salesInvoices', id, 1, INVOICE));
      await f.deliver(stockEvent('salesInvoices', id, 1, '-120'));
      expect(await f.entryCount()).toBe(entries);
    }
    await f.checkBalanced();
  });

  it('waits unposted with automatic posting off, and bulk posting books both parts', async () => {
    expect((await f.branch({ switches: { automaticPosting: false } })).status).toBe(200);
    const id = newId();
    await f.deliver(moneyEvent('salesInvoices', id, 1, INVOICE));
    await f.deliver(stockEvent('salesInvoices', id, 1, '-120'));
    expect(await statusOf(id)).toBe('unposted');
    expect(await liveLines(id)).toEqual([]);
    await f
      .accountsDb()
      .transaction((trx) => postPendingDocuments(trx, f.tenantId, f.branchId, { documentIds: [id] }));
    expect(await statusOf(id)).toBe('posted');
    expect(await liveLines(id)).toEqual(INVOICE_LINES);
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
  });

  it('the trial balance balances with the sales entries', async () => {
    const res = await f.app.api
      .get('/api/AccountsReports/TrialBalance')
      .query({ dateFrom: `${f.year}-01-01`, dateTo: `${f.year}-12-31`, nonZero: 'false' })
      .set(f.headers());
    expect(res.status).toBe(200);
    const t = res.body.totals as Record<string, string>;
    expect(t.periodDebit).toBe(t.periodCredit);
    expect(t.closingDebit).toBe(t.closingCredit);
    const row = (res.body.items as { accountId: string; periodCredit: string }[]).find(
      (r) => r.accountId === f.links.sales,
    );
    expect(dec(row?.periodCredit ?? '0').isPositive()).toBe(true);
    await f.checkBalanced();
  });

  it("shows an invoice's base and VAT in the VAT summary's boxes, and a return takes them off", async () => {
    const date = `${f.year}-11-15`;
    const summary = async () => {
      const res = await f.app.api
        .get('/api/AccountsReports/VatSummary')
        .query({ dateFrom: `${f.year}-11-01`, dateTo: `${f.year}-11-30` })
        .set(f.headers());
      expect(res.status).toBe(200);
      const rows = res.body.items as { key: string; boxNumber: number; amount: string; vat: string }[];
      const box = (key: string) => rows.find((r) => r.key === key)!;
      return {
        standard: [box('standardRatedSales').amount, box('standardRatedSales').vat],
        zero: box('zeroRatedSales').amount,
        exempt: box('exemptSales').amount,
        salesVat: res.body.salesVat as string,
        netVatDue: res.body.netVatDue as string,
      };
    };
    const before = await summary();
    const invoice = newId();
    await f.deliver(moneyEvent('salesInvoices', invoice, 1, INVOICE, date));
    const plus = (a: string, b: string) => dec(a).plus(dec(b)).toFixed();
    const afterInvoice = await summary();
    expect(afterInvoice).toEqual({
      standard: [plus(before.standard[0]!, '180'), plus(before.standard[1]!, '27')],
      zero: plus(before.zero, '50'),
      exempt: plus(before.exempt, '30'),
      salesVat: plus(before.salesVat, '27'),
      netVatDue: plus(before.netVatDue, '27'),
    });
    const credit = newId();
    await f.deliver(
      moneyEvent(
        'salesReturns',
        credit,
        1,
        {
          gross: '60',
          discount: '0',
          vat: '9',
          total: '69',
          vatCategories: [{ category: 'S', rate: '15', taxable: '60', vat: '9' }],
          payments: [],
        },
        date,
      ),
    );
    expect(await summary()).toEqual({
      ...afterInvoice,
      standard: [plus(afterInvoice.standard[0]!, '-60'), plus(afterInvoice.standard[1]!, '-9')],
      salesVat: plus(afterInvoice.salesVat, '-9'),
      netVatDue: plus(afterInvoice.netVatDue, '-9'),
    });
  });

  it('refuses money whose figures do not add up (the event is dead-lettered, nothing is booked)', async () => {
    const id = newId();
    const bad = moneyEvent('salesInvoices', id, 1, { ...INVOICE, total: '300' });
    await f.deliver(bad);
    const parked = await f.accountsDb()('dead_letters').where({ event_id: bad.id }).first();
    expect(String(parked?.error)).toMatch(/total is not gross - discount \+ vat/);
    expect(await statusOf(id)).toBeUndefined();
  });
});
