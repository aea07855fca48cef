import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The UI kit's generic master-data screen (list, its dialog form, or the new and edit pages), whatever the
 * entity: one page object for every feature app's main-data lists.
 */
export class MasterDataScreen {
  readonly list: Locator;
  readonly search: Locator;
  readonly newButton: Locator;
  readonly exportButton: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly readOnlyNotice: Locator;
  readonly dialog: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly confirm: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('md-list');
    this.search = this.list.getByTestId('md-search');
    this.newButton = this.list.getByTestId('md-new');
    this.exportButton = this.list.getByTestId('md-export');
    this.rows = this.list.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
    this.empty = this.list.getByTestId('md-empty');
    this.readOnlyNotice = this.list.getByTestId('md-read-only');
    this.dialog = page.locator('.p-dialog.erp-md-dialog:not(.p-confirm-dialog)');
    this.form = page.getByTestId('md-form');
    this.save = page.getByTestId('md-save');
    this.cancel = page.getByTestId('md-cancel');
    this.confirm = page.locator('.p-confirm-dialog');
    this.alert = page.locator('.erp-alerts .p-toast-message');
  }

  async expectList(entity: string): Promise<void> {
    // a cold page load fetches the feature app's code only now (its remoteEntry.js loads with its first screen)
    await expect(this.list).toHaveAttribute('data-entity', entity, { timeout: 15_000 });
    await expect(this.list.locator('.p-datatable')).toBeVisible();
    await expect(this.list.locator('.p-datatable-loading-overlay')).toHaveCount(0);
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  field(name: string): Locator {
    return this.form.locator(`#md-${name}`);
  }

  fieldError(name: string): Locator {
    return this.form.locator(`[data-field="${name}"] .erp-md-field__error`);
  }

  /** Picks a choice of a dropdown field (reference or enum) by its label. */
  async choose(name: string, option: string): Promise<void> {
    await this.form.locator(`[data-field="${name}"] .p-dropdown`).click();
    await this.page.locator('.p-dropdown-panel li[role=option]', { hasText: option }).first().click();
  }

  async deleteRow(text: string): Promise<void> {
    await this.row(text).getByTestId('md-delete').click();
    await expect(this.confirm).toBeVisible();
    await this.confirm.locator('.p-confirm-dialog-accept').click();
    // closed to the end: its hide gives the focus back to the delete button, which would take the next typing
    // (a search box filled meanwhile kept its text: the master-data journey's one flaky run)
    await expect(this.confirm).toBeHidden();
  }
}
