import type { Locator, Page } from '@playwright/test';

/** /fiscal-years (editCompany): each year open or closed, closing and reopening, branch lock dates. */
export class FiscalYearsScreen {
  readonly root: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('fiscal-years');
    this.table = page.getByTestId('fiscal-years-table');
  }

  status(year: number): Locator {
    return this.page.getByTestId(`fiscal-status-${year}`);
  }

  closeButton(year: number): Locator {
    return this.page.getByTestId(`fiscal-close-${year}`);
  }

  reopenButton(year: number): Locator {
    return this.page.getByTestId(`fiscal-reopen-${year}`);
  }

  /** Clicks `button` and waits for the service's answer to the call it makes. */
  async answerOf(button: Locator, path: RegExp): Promise<number> {
    const answered = this.page.waitForResponse(
      (r) => path.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    );
    await button.click();
    return (await answered).status();
  }
}
