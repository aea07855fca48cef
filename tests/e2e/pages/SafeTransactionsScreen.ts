import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './dropdown';

/** /safe-transaction and /safe-transaction/close/{id}: the shifts' list, the open dialog and the close screen. */
export class SafeTransactionsScreen {
  readonly list: Locator;
  readonly closeScreen: Locator;
  readonly deficit: Locator;
  readonly zReport: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByTestId('shift-list');
    this.closeScreen = page.getByTestId('close-safe-transaction');
    this.deficit = page.getByTestId('shift-deficit');
    this.zReport = page.getByTestId('z-report');
  }

  /** Opens the signed-in user's shift on a safe with an opening balance; resolves with the API's status. */
  async open(safe: string, openingBalance: string): Promise<number> {
    await this.page.getByTestId('shift-open').click();
    const dialog = this.page.locator('.p-dialog');
    await pickOption(this.page, dialog.locator('.p-dropdown'), safe);
    await this.page.getByTestId('shift-opening-balance-input').fill(openingBalance);
    const answer = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/SafeTransactions') && r.request().method() === 'POST',
    );
    await this.page.getByTestId('shift-confirm-open').click();
    return (await answer).status();
  }

  row(text: string): Locator {
    return this.list.locator('tbody tr', { hasText: text });
  }

  figure(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Types the counted cash and asks to close: the deficit shows before the confirmation. */
  async count(cash: string): Promise<void> {
    await this.page.getByTestId('shift-counted').fill(cash);
    await this.page.getByTestId('shift-close').click();
    await expect(this.page.getByTestId('shift-confirm')).toBeVisible();
  }

  async confirmClose(): Promise<number> {
    const answer = this.page.waitForResponse((r) => /\/api\/SafeTransactions\/[^/]+\/close$/.test(r.url()));
    await this.page.getByTestId('shift-confirm-close').click();
    return (await answer).status();
  }
}
