import type { Locator, Page } from '@playwright/test';

/** /journal-verify (admins): the journal's hash-chain check. */
export class JournalVerifyScreen {
  readonly root: Locator;
  readonly run: Locator;
  readonly outcome: Locator;
  readonly reasons: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('journal-verify');
    this.run = page.getByTestId('journal-run');
    this.outcome = page.getByTestId('journal-outcome');
    this.reasons = page.getByTestId('journal-reason');
  }

  async goto(): Promise<void> {
    await this.page.goto('/journal-verify');
    await this.root.waitFor();
  }

  /** Runs the check and waits for its answer. */
  async verify(): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/Journal/verify'));
    await this.run.click();
    await answered;
  }
}
