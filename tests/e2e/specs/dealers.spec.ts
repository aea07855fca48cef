import { expect, test } from '@playwright/test';
import { pickOption } from '../pages/dropdown';
import { MasterDataScreen } from '../pages/MasterDataScreen';
import { expectAccessible } from '../support/axe';
import { adminApi } from '../support/master-data';
import { signInAsAdmin } from '../support/session';

/**
 * Issue 14, customers and agents in Arabic: an agent with two commission ranges (the spec's range rules said
 * as typed), then a customer linked to it, whose bad tax number is refused with the spec's Arabic message.
 */
test.describe('dealers', () => {
  test('in Arabic: an agent with two commission ranges and a customer linked to it', async ({
    page,
    request,
  }) => {
    const tag = String(Date.now()).slice(-6);
    const agentName = `مندوب الشمال ${tag}`;
    const customerName = `مؤسسة الشمال ${tag}`;
    await signInAsAdmin(page);
    const md = new MasterDataScreen(page);

    await page.goto('/agents');
    await md.expectList('agents');
    await expect(md.list.locator('h1')).toHaveText('المندوبين');
    await md.newButton.click();
    await md.field('arabicName').fill(agentName);
    await md.choose('nature', 'كلاهما');
    await md.field('maxCommission').fill('5000');

    const ranges = page.getByTestId('lines-commissionRanges');
    const cell = (row: number, field: string) => page.locator(`#md-commissionRanges-${row}-${field}`);
    if ((await ranges.locator('tr[data-row]').count()) === 0)
      await page.getByTestId('lines-commissionRanges-add').click();
    await cell(0, 'fromAmount').fill('0');
    await cell(0, 'toAmount').fill('1000');
    await cell(0, 'commission').fill('2.5');
    await page.getByTestId('lines-commissionRanges-add').click();
    // the second stage starts below the first one's end: refused as typed, in Arabic
    await cell(1, 'fromAmount').fill('900');
    await cell(1, 'toAmount').fill('5000');
    await cell(1, 'commission').fill('150');
    await pickOption(
      page,
      ranges.locator('td[data-cell="commissionType"][data-row="1"] .p-dropdown'),
      'قيمة',
    );
    await expect(page.getByTestId('lines-commissionRanges-error')).toHaveText(
      'لا يمكن أن تبدأ الشريحة 2 بأقل من نهاية الشريحة 1',
    );
    await expect(md.save).toBeDisabled();
    await cell(1, 'fromAmount').fill('1000');
    await expect(page.getByTestId('lines-commissionRanges-error')).toHaveCount(0);
    await expectAccessible(page, 'the agent form with its commission ranges (ar)');
    const createdAgent = page.waitForResponse(
      (r) => r.url().endsWith('/api/Agents') && r.request().method() === 'POST',
    );
    await md.save.click();
    expect((await createdAgent).status()).toBe(201);
    await expect(md.dialog).toBeHidden();
    await expect(md.row(agentName)).toContainText('كلاهما');

    await page.goto('/customers');
    await md.expectList('customers');
    await md.newButton.click();
    await md.field('arabicName').fill(customerName);
    await md.field('taxNumber').fill('123456789012345');
    await md.field('taxNumber').blur();
    await expect(md.fieldError('taxNumber')).toHaveText(
      'الرقم الضريبي مكوّن من 15 رقمًا ويبدأ وينتهي بالرقم 3',
    );
    await expect(md.save).toBeDisabled();
    await md.field('taxNumber').fill(`3${tag}00000003`);
    await expect(md.fieldError('taxNumber')).toHaveCount(0);
    await md.choose('agentId', agentName);
    await md.field('creditLimit').fill('20000');
    const createdCustomer = page.waitForResponse(
      (r) => r.url().endsWith('/api/Customers') && r.request().method() === 'POST',
    );
    await md.save.click();
    expect((await createdCustomer).status()).toBe(201);
    await expect(md.dialog).toBeHidden();
    await expect(md.row(customerName)).toContainText(agentName);

    // what was saved, read back through the API
    const api = await adminApi(request);
    type Listed<T> = { items: T[] };
    const agent = (
      await api.get<Listed<{ id: string; commissionRanges: unknown[] }>>(
        `/api/Agents?search=${encodeURIComponent(agentName)}`,
      )
    ).items[0]!;
    expect(agent.commissionRanges).toEqual([
      { fromAmount: '0', toAmount: '1000', commissionType: 'percentage', commission: '2.5' },
      { fromAmount: '1000', toAmount: '5000', commissionType: 'value', commission: '150' },
    ]);
    const customer = (
      await api.get<Listed<{ agentId: string; taxNumber: string }>>(
        `/api/Customers?search=${encodeURIComponent(customerName)}`,
      )
    ).items[0]!;
    expect(customer).toMatchObject({ agentId: agent.id, taxNumber: `3${tag}00000003` });

    // the same tax number again: the server's refusal in Arabic
    await md.newButton.click();
    await md.field('arabicName').fill(`${customerName} مكرر`);
    await md.field('taxNumber').fill(`3${tag}00000003`);
    await md.save.click();
    await expect(md.alert).toContainText('الرقم الضريبي هذا مستخدم مسبقًا');
    await md.cancel.click();
    await expect(md.dialog).toBeHidden();
  });
});
