import { expect, type Locator, type Page } from '@playwright/test';

/** /branches: the list (master branch read-only) and the branch form. */
export class BranchesScreen {
  readonly list: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('branches-screen');
    this.form = page.getByTestId('branch-form');
  }

  async goto(): Promise<void> {
    await this.page.goto('/branches');
    await expect(this.list).toBeVisible();
    await expect(this.list.locator('tbody tr').first()).toBeVisible();
  }

  row(code: string): Locator {
    return this.list
      .locator('tbody tr')
      .filter({ has: this.page.locator(`td:first-child:text-is("${code}")`) });
  }

  field(name: string): Locator {
    return this.form.locator(`#branch-${name}`);
  }
}
