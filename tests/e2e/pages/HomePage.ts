import { expect, type Locator, type Page } from '@playwright/test';

/** / : welcome, company, branch, fiscal year, favorites and the feature apps' state. */
export class HomePage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly modules: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('home');
    this.heading = this.root.locator('h1');
    this.modules = page.getByTestId('modules');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.root).toBeVisible();
  }

  module(remote: string): Locator {
    return this.modules.locator(`li[data-remote="${remote}"]`);
  }

  async expectModuleStatus(remote: string, status: 'loading' | 'ready' | 'failed'): Promise<void> {
    await expect(this.module(remote)).toHaveAttribute('data-status', status);
  }

  /** Waits until every feature app answered, so a screenshot shows the settled page. */
  async waitForModules(): Promise<void> {
    await expect(this.modules.locator('li[data-status="loading"]')).toHaveCount(0);
  }
}
