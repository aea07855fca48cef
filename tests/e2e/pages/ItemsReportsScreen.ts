import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './dropdown';

/** /items-reports: the stock reports hub (balance, movement card, below limits, valuation), one tab each. */
export class ItemsReportsScreen {
  readonly root: Locator;
  readonly panel: Locator;
  readonly rows: Locator;
  readonly totals: Locator;
  readonly itemPicker: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('items-reports');
    this.panel = this.root.locator('.p-tabview-panel:not([aria-hidden="true"])');
    this.rows = this.panel.locator(
      '[data-testid="report-table"] .p-datatable-tbody > tr:not(.p-datatable-emptymessage)',
    );
    this.totals = this.panel.getByTestId('report-totals');
    this.itemPicker = this.panel.locator('#report-item');
    this.exportButton = this.panel.getByTestId('report-export');
  }

  async openTab(kind: 'stockBalance' | 'itemMovements' | 'belowLimits' | 'valuation'): Promise<void> {
    await this.root.getByTestId(`report-tab-${kind}`).click();
  }

  /** Picks a store in the shown report's store filter. */
  async chooseStore(name: string): Promise<void> {
    await pickOption(this.page, this.panel.getByTestId('filter-store'), name);
  }

  /** The cells of a row, by column order. */
  async cells(row: Locator): Promise<string[]> {
    await expect(row).toBeVisible();
    return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  }
}
