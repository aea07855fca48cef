import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './dropdown';

/**
 * The UI kit's generic document screen (a stock document's list, and its new and edit pages with the
 * keyboard-first lines grid), whatever the document: one page object for every document type.
 */
export class DocumentScreen {
  readonly list: Locator;
  readonly rows: Locator;
  readonly newButton: Locator;
  readonly form: Locator;
  readonly title: Locator;
  readonly save: Locator;
  readonly closeButton: Locator;
  readonly print: Locator;
  readonly printView: Locator;
  readonly status: Locator;
  readonly readOnlyNotice: Locator;
  readonly attachInput: Locator;
  readonly attachments: Locator;
  readonly confirm: Locator;
  readonly alert: Locator;
  readonly totalValue: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('doc-list');
    this.rows = this.list.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
    this.newButton = this.list.getByTestId('doc-new');
    this.form = page.getByTestId('doc-form');
    this.title = page.getByTestId('doc-page').locator('h1');
    this.save = page.getByTestId('doc-save');
    this.closeButton = page.getByTestId('doc-close');
    this.print = page.getByTestId('doc-print');
    this.printView = page.getByTestId('doc-print-view');
    this.status = page.getByTestId('doc-page').locator('header [data-testid="doc-status"]');
    this.readOnlyNotice = page.getByTestId('doc-read-only');
    this.attachInput = page.getByTestId('doc-attach-input');
    this.attachments = page.getByTestId('doc-attachment');
    this.confirm = page.locator('.p-confirm-dialog');
    this.alert = page.locator('.erp-alerts .p-toast-message');
    this.totalValue = page.getByTestId('doc-total-value');
  }

  async expectList(document: string): Promise<void> {
    await expect(this.list).toHaveAttribute('data-document', document);
    await expect(this.list.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  headerField(name: string): Locator {
    return this.form.locator(`[data-field="${name}"]`);
  }

  headerError(name: string): Locator {
    return this.headerField(name).locator('.erp-md-field__error');
  }

  /** Picks a header dropdown's choice (a store) by its label. */
  async choose(name: string, option: string): Promise<void> {
    await pickOption(this.page, this.headerField(name).locator('.p-dropdown'), option);
  }

  cell(row: number, field: string): Locator {
    return this.form.locator(`td[data-cell="${field}"][data-row="${row}"]`);
  }

  input(row: number, field: string): Locator {
    return this.page.locator(`#doc-lines-${row}-${field}`);
  }

  cellError(row: number, field: string): Locator {
    return this.cell(row, field).locator('.erp-lines__error');
  }

  line(row: number): Locator {
    return this.form.getByTestId(`line-lines-${row}`);
  }

  /**
   * Types a barcode (or code) in a line's item cell and presses Enter, as a scanner does; waits for the
   * lookup and for the focus to move on to the unit.
   */
  async scan(row: number, barcode: string, { click = true } = {}): Promise<void> {
    const picker = this.input(row, 'itemId');
    if (click) await picker.click();
    await expect(picker).toBeFocused();
    await this.page.keyboard.type(barcode);
    const looked = this.page.waitForResponse((r) =>
      decodeURIComponent(r.url()).includes(`/api/Items/barcode/${barcode}`),
    );
    await picker.press('Enter');
    await looked;
    await expect(this.input(row, 'unitId')).toBeFocused();
  }

  /** A cell's value typed from the keyboard, as a cashier does: select what is there, type, leave. */
  async typeInto(row: number, field: string, value: string): Promise<void> {
    const input = this.input(row, field);
    await input.click();
    await input.press('Control+A');
    await this.page.keyboard.type(value);
    await input.press('Tab');
  }

  /** A status change from the document's screen, confirmed with the dialog's button; returns the answer's status. */
  async act(action: string, confirmLabel: string): Promise<number> {
    await this.page.getByTestId(`doc-action-${action}`).click();
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith(`/${action}`) && r.request().method() === 'POST',
    );
    await this.confirm.getByRole('button', { name: confirmLabel }).click();
    return (await answered).status();
  }

  /** Saves and waits for the server's answer; returns its status. */
  async saveAnd(): Promise<number> {
    const answered = this.page.waitForResponse(
      (r) =>
        /\/api\/[A-Za-z]+(\/[^/?]+)?$/.test(new URL(r.url()).pathname) &&
        ['POST', 'PUT'].includes(r.request().method()),
      // a save the form refuses sends nothing: fail with the page as it is, not at the test's end
      { timeout: 30_000 },
    );
    await this.save.click();
    return (await answered).status();
  }
}
