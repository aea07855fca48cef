import { expect, type Locator, type Page } from '@playwright/test';

/** The UI kit's master-data tree screen (chart of accounts, account groups, cost centers). */
export class TreeScreen {
  readonly screen: Locator;
  readonly tree: Locator;
  readonly search: Locator;
  readonly nodes: Locator;
  readonly addChild: Locator;
  readonly edit: Locator;
  readonly move: Locator;
  readonly remove: Locator;
  readonly moveDialog: Locator;
  readonly moveError: Locator;
  readonly confirm: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('md-tree-screen');
    this.tree = this.screen.getByRole('tree');
    this.search = this.screen.getByTestId('tree-search');
    this.nodes = this.screen.getByTestId('tree-node');
    this.addChild = this.screen.getByTestId('tree-add-child');
    this.edit = this.screen.getByTestId('tree-edit');
    this.move = this.screen.getByTestId('tree-move');
    this.remove = this.screen.getByTestId('tree-delete');
    this.moveDialog = page.getByTestId('tree-move-dialog');
    this.moveError = page.getByTestId('tree-move-error');
    this.confirm = page.locator('.p-confirm-dialog');
    this.alert = page.locator('.erp-alerts .p-toast-message');
  }

  async expectShown(entity: string): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-entity', entity, { timeout: 15_000 });
    await expect(this.tree).toBeVisible();
  }

  /** A node by the text of its own row (not its children's). */
  node(text: string): Locator {
    return this.page.locator('[data-testid="tree-node"]', {
      has: this.page.locator(':scope > .erp-tree__row', { hasText: text }),
    });
  }

  /** Selects a node by clicking its own row (the node's box holds its open children too). */
  async select(text: string): Promise<void> {
    await this.node(text).first().locator(':scope > .erp-tree__row').click();
  }

  /** The names of the nodes shown, in order (each row's own text). */
  async shownRows(): Promise<string[]> {
    return this.screen.locator('.erp-tree__row').allInnerTexts();
  }

  async moveTo(parentLabel: string): Promise<void> {
    await this.move.click();
    await expect(this.moveDialog).toBeVisible();
    await this.moveDialog.locator('.p-dropdown').click();
    await this.page.locator('.p-dropdown-filter').fill(parentLabel);
    await this.page.locator('.p-dropdown-panel li[role=option]', { hasText: parentLabel }).first().click();
    await this.page.getByTestId('tree-move-save').click();
  }
}
