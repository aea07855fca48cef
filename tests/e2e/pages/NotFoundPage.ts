import { expect, type Locator, type Page } from '@playwright/test';

/** /error-404. */
export class NotFoundPage {
  readonly root: Locator;
  readonly backHome: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('not-found');
    this.backHome = this.root.getByRole('button');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/error-404$/);
    await expect(this.root).toBeVisible();
  }
}
