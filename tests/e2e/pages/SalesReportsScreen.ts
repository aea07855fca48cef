import type { Locator, Page } from '@playwright/test';

/** /sales-reports: the sales reports hub (by invoice, item, customer, agent, returns, statement, ageing). */
export class SalesReportsScreen {
  readonly root: Locator;
  readonly panel: Locator;
  readonly rows: Locator;
  readonly totals: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('sales-reports');
    this.panel = this.root.locator('.p-tabview-panel:not([aria-hidden="true"])');
    this.rows = this.panel.locator(
      '[data-testid="report-table"] .p-datatable-tbody > tr:not(.p-datatable-emptymessage)',
    );
    this.totals = this.panel.getByTestId('report-totals');
  }

  async openTab(name: string): Promise<void> {
    await this.root.getByTestId(`report-tab-${name}`).click();
  }

  /** The shown report's row whose cells hold `text` (an item's or customer's name). */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
}

/** /sales-dashboard: a day's sales, its figures and charts. */
export class SalesDashboardScreen {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('sales-dashboard');
  }

  figure(name: string): Locator {
    return this.root.getByTestId(`dashboard-${name}`);
  }
}
