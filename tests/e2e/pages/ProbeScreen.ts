import { expect, type Locator, type Page } from '@playwright/test';

/** The probe feature app's screen (tests/e2e/fixtures/mfe-probe), mounted by the shell as a parcel. */
export class ProbeScreen {
  readonly root: Locator;
  readonly title: Locator;
  readonly loadYears: Locator;
  readonly years: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('probe');
    this.title = this.root.locator('h1');
    this.loadYears = this.root.getByTestId('probe-load-years');
    this.years = this.root.getByTestId('probe-years');
  }

  fact(name: string): Locator {
    return this.root.locator(`[data-fact="${name}"]`);
  }

  async expectShown(): Promise<void> {
    await expect(this.root).toBeVisible();
  }
}
