import { expect, type Locator, type Page } from '@playwright/test';

/** /post-vouchers (gLPost): bulk posting and un-posting by document type and code range. */
export class PostVouchersScreen {
  readonly root: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly post: Locator;
  readonly unpost: Locator;
  readonly postingOverlay: Locator;
  readonly unpostingOverlay: Locator;
  readonly progressBar: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('post-vouchers');
    this.from = page.getByTestId('posting-from');
    this.to = page.getByTestId('posting-to');
    this.post = page.getByTestId('posting-post');
    this.unpost = page.getByTestId('posting-unpost');
    this.postingOverlay = page.getByTestId('posting-overlay');
    this.unpostingOverlay = page.getByTestId('unposting-overlay');
    this.progressBar = page.getByTestId('job-progress-bar');
    this.result = page.getByTestId('posting-result');
  }

  async goto(): Promise<void> {
    await this.page.goto('/post-vouchers');
    await this.root.waitFor();
  }

  async range(from: string, to: string): Promise<void> {
    await this.from.fill(from);
    await this.to.fill(to);
  }

  /** A count of the finished run's summary (`posted`, `alreadyPosted`, `total`...). */
  count(name: string): Locator {
    return this.page.getByTestId(`posting-${name}`).locator('dd');
  }

  async expectFinished(action: 'post' | 'unpost'): Promise<void> {
    await expect(this.result).toBeVisible({ timeout: 30_000 });
    await expect(this.result).toHaveAttribute('data-action', action);
  }
}
