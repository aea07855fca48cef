import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './dropdown';

/** /accounts-reports: the accounts reports hub (trial balance, account statement, ledger...), one tab each. */
export class AccountsReportsScreen {
  readonly root: Locator;
  readonly panel: Locator;
  readonly rows: Locator;
  readonly totals: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('accounts-reports');
    this.panel = this.root.locator('.p-tabview-panel:not([aria-hidden="true"])');
    this.rows = this.panel.locator(
      '[data-testid="report-table"] .p-datatable-tbody > tr:not(.p-datatable-emptymessage)',
    );
    this.totals = this.panel.getByTestId('report-totals');
  }

  async openTab(name: string): Promise<void> {
    await this.root.getByTestId(`report-tab-${name}`).click();
  }

  /** The shown report's row whose cells hold `text` (an account's name). */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  async chooseAccount(name: string): Promise<void> {
    await pickOption(this.page, this.panel.getByTestId('report-account'), name);
  }

  /** The cells of a row, by column order. */
  async cells(row: Locator): Promise<string[]> {
    await expect(row).toBeVisible();
    return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  }
}
