import { expect, type Locator, type Page } from '@playwright/test';

/** /not-posted (mfe-accounts): the documents whose posting from events failed, with why, and the retry. */
export class NotPostedScreen {
  readonly screen: Locator;
  readonly none: Locator;
  readonly retry: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('not-posted');
    this.none = page.getByTestId('not-posted-none');
    this.retry = page.getByTestId('not-posted-retry');
  }

  async goto(): Promise<void> {
    await this.page.goto('/not-posted');
    await expect(this.screen).toBeVisible();
  }

  /** The row of a document by its code. */
  row(code: string): Locator {
    return this.screen.locator('tbody tr').filter({ has: this.page.locator(`td:text-is("${code}")`) });
  }
}
