import { expect, type Locator, type Page } from '@playwright/test';

/** /users: the list, and its new and edit form. */
export class UsersScreen {
  readonly list: Locator;
  readonly search: Locator;
  readonly newButton: Locator;
  readonly form: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('users-screen');
    this.search = page.getByTestId('users-search');
    this.newButton = page.getByTestId('users-new');
    this.form = page.getByTestId('user-form');
    this.save = this.form.getByTestId('save');
  }

  async goto(): Promise<void> {
    await this.page.goto('/users');
    await expect(this.list).toBeVisible();
    await expect(this.list.locator('tbody tr').first()).toBeVisible();
  }

  row(text: string): Locator {
    return this.list.locator('tbody tr', { hasText: text });
  }

  field(name: string): Locator {
    return this.form.locator(`#user-${name}`);
  }

  error(name: string): Locator {
    return this.form.locator(`#user-${name}-error`);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /** Picks branches in the multi-select by their shown label (`1 · الفرع الرئيسي`). */
  async chooseBranch(label: string): Promise<void> {
    await this.form.getByTestId('user-branches').click();
    await this.page.locator('.p-multiselect-panel li[role=option]', { hasText: label }).click();
    await this.page.keyboard.press('Escape');
  }

  async checkPermission(name: string): Promise<void> {
    await this.form.locator(`#perm-${name}`).check({ force: true });
  }

  permissionGroup(group: string): Locator {
    return this.form.locator(`[data-group="${group}"]`);
  }
}
