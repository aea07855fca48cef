import { test } from '@playwright/test';
import { dec, type Dec } from '@erp/contracts';
import { AccountsReportsScreen } from '../pages/AccountsReportsScreen';
import { DocumentScreen } from '../pages/DocumentScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { pickOption } from '../pages/dropdown';
import { signInAsAdmin } from '../support/session';
import { expect, runNames, today } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { arrangeSaleItem } from '../support/sales';

/**
 * Issue 14 in Arabic: a quotation typed on the screen, converted into an invoice in part, issued (the stock and
 * the ledger move), printed, then partly returned by a credit note converted from the invoice; the stock and the
 * trial balance as the admin then sees them.
 */
test.describe('sales documents', () => {
  test.describe.configure({ timeout: 180_000 });

  test('in Arabic: quote, convert, issue, print, return; stock and ledger agree', async ({ page }) => {
    const n = runNames();
    const api = await adminApi(page.request);
    const { store, item } = await arrangeSaleItem(api, n);
    const customer = `مؤسسة ${n.tag}`;
    await api.post('/api/Customers', { arabicName: customer, creditLimit: '100000' });
    // the branch books documents as their events come; off again at the end, as other journeys expect
    await api.automaticPosting(true);

    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const doc = new DocumentScreen(page);

    // a quotation of 10, typed: the line starts at the item's sales price, standard-rated at 15 %
    await layout.menuLink('عروض الأسعار').click();
    await doc.expectList('quotations');
    await doc.newButton.click();
    await expect(page).toHaveURL(/\/quotation\/new$/);
    await doc.choose('customerId', customer);
    await doc.choose('paymentType', 'آجل');
    await doc.scan(0, n.barcode);
    await expect(doc.input(0, 'price')).toHaveValue(/^10(\.0+)?$/);
    await pickOption(page, doc.cell(0, 'storeId').locator('.p-dropdown'), n.storeA);
    await doc.typeInto(0, 'quantity', '10');
    // 10 × 10 = 100 without VAT, 115 with it, shown as the service will keep them
    await expect(page.getByTestId('doc-money-taxInclusive')).toContainText('115.00');
    const reference = `q-${n.tag}`;
    await doc.headerField('referenceNumber').locator('input').fill(reference);
    expect(await doc.saveAnd()).toBe(201);

    // converted into an invoice for 6 of the 10
    await doc.row(reference).getByTestId('doc-open').click();
    await page.getByTestId('doc-convert-salesInvoices').click();
    await expect(page).toHaveURL(/\/invoice-list\/new\?from=/);
    await expect(doc.input(0, 'quantity')).toHaveValue(/^10(\.0+)?$/);
    await doc.typeInto(0, 'quantity', '6');
    await expect(page.getByTestId('doc-money-taxInclusive')).toContainText('69.00');
    expect(await doc.saveAnd()).toBe(201);
    await doc.expectList('salesInvoices');
    await doc.rows.filter({ hasText: customer }).first().getByTestId('doc-open').click();
    expect(await doc.act('issue', 'إصدار')).toBe(200);
    await expect(doc.status).toHaveText('صادرة');
    const invoiceId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    // issued: read-only, printable
    await expect(page.getByTestId('doc-print')).toBeEnabled();
    await expect(doc.printView).toContainText(n.item);

    // a credit note for 2 of the 6, converted from the invoice, with its reason
    await page.getByTestId('doc-convert-salesReturns').click();
    await expect(page).toHaveURL(/\/return-sales\/new\?from=/);
    await expect(doc.input(0, 'quantity')).toHaveValue(/^6(\.0+)?$/);
    await doc.typeInto(0, 'quantity', '2');
    await doc.choose('reason', 'إرجاع بضاعة');
    expect(await doc.saveAnd()).toBe(201);
    await doc.expectList('salesReturns');
    await doc.rows.filter({ hasText: customer }).first().getByTestId('doc-open').click();
    expect(await doc.act('issue', 'إصدار')).toBe(200);
    await expect(doc.status).toHaveText('صادرة');

    // what the admin sees: 100 − 6 + 2 = 96 in stock, and a trial balance that balances with the sale in it
    await expect(async () => {
      const balance = await api.get<{ items: { itemId: string; quantity: string }[] }>(
        `/api/ItemsReports/StockBalance?storeId=${store.id}&pageSize=500`,
      );
      expect(balance.items.find((r) => r.itemId === item.id)?.quantity).toMatch(/^96(\.0+)?$/);
    }).toPass({ timeout: 20_000 });
    // the invoice in the journal: net per account 69 to the customer, 60 of sales and 9 of VAT, and its cost of
    // 36 (an entry booked before the stock part came is reversed in the listing, so the nets count)
    await expect(async () => {
      const listing = await api.get<{
        items: { sourceId: string; accountId: string; debit: string; credit: string }[];
      }>(`/api/AccountsReports/JournalListing?dateFrom=${today()}&dateTo=${today()}&pageSize=500`);
      // exact decimals, never floats (design.md section 5)
      const nets = new Map<string, Dec>();
      for (const l of listing.items.filter((r) => r.sourceId === invoiceId))
        nets.set(l.accountId, (nets.get(l.accountId) ?? dec(0)).plus(l.debit).minus(l.credit));
      const standing = [...nets.values()].filter((v) => !v.isZero()).sort((x, y) => x.comparedTo(y));
      expect(standing.map((v) => v.toFixed(2))).toEqual(['-60.00', '-36.00', '-9.00', '36.00', '69.00']);
    }).toPass({ timeout: 20_000 });
    await layout.menuLink('تقارير الحسابات').click();
    await expect(page).toHaveURL(/\/accounts-reports/);
    const reports = new AccountsReportsScreen(page);
    // the customers' account (assets come first: the sales accounts may be on a later page of a busy ledger)
    await expect(reports.row('العملاء').first()).toBeVisible();
    await expect(reports.totals).toBeVisible();
    const closing = async (caption: string) =>
      (await reports.totals.getByTestId('report-total').filter({ hasText: caption }).innerText())
        .split(':')
        .pop()!
        .trim();
    expect(await closing('الإجمالي الرصيد الختامي مدين')).toBe(await closing('الإجمالي الرصيد الختامي دائن'));
    await page.screenshot({ path: 'test-results/sales-trial-balance-ar.png' });
  });

  test.afterAll(async ({ request }) => (await adminApi(request)).automaticPosting(false));
});
