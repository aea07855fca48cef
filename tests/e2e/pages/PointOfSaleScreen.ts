import { expect, type Locator, type Page } from '@playwright/test';

/** /point-of-sale (addSalesTransactions): the till, driven from the keyboard as a cashier does. */
export class PointOfSaleScreen {
  readonly root: Locator;
  readonly scanField: Locator;
  readonly lines: Locator;
  readonly message: Locator;
  readonly total: Locator;
  readonly due: Locator;
  readonly waiting: Locator;
  readonly online: Locator;
  readonly lastReceipt: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('till');
    this.scanField = this.root.getByTestId('till-scan');
    this.lines = this.root.getByTestId('till-line');
    this.message = this.root.getByTestId('till-message');
    this.total = this.root.getByTestId('till-total');
    this.due = this.root.getByTestId('till-due');
    this.waiting = this.root.getByTestId('till-waiting');
    this.online = this.root.getByTestId('till-online');
    this.lastReceipt = this.root.getByTestId('till-last-receipt');
  }

  /** The till open, its catalogue loaded from the server or from IndexedDB. */
  async expectOpen(minItems = 1): Promise<void> {
    // the first opening registers the till after loading its chunk and IndexedDB: slower on a busy machine
    await expect(this.root.getByTestId('till-code')).toContainText('T', { timeout: 20_000 });
    await expect
      .poll(async () => Number(await this.root.getByTestId('till-catalog').getAttribute('data-count')))
      .toBeGreaterThanOrEqual(minItems);
  }

  /** A keyboard-wedge scanner: the digits typed into the focused scan field, then Enter. */
  async scan(code: string): Promise<void> {
    await expect(this.scanField).toBeFocused();
    await this.page.keyboard.type(code, { delay: 5 });
    await this.page.keyboard.press('Enter');
  }

  /**
   * No open shift: the till offers to open one (and sells nothing before); the opening balance typed, the shift
   * opened through the shifts' endpoint. Resolves with the shift opened.
   */
  async openShift(openingBalance: string, safeId?: string): Promise<{ id: string; code: string }> {
    const panel = this.root.getByTestId('till-shift-panel');
    await expect(panel).toBeVisible();
    if (safeId) await panel.getByTestId('till-shift-safe').selectOption(safeId);
    await panel.getByTestId('till-shift-balance').fill(openingBalance);
    const answer = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/SafeTransactions') && r.request().method() === 'POST',
    );
    await panel.getByTestId('till-shift-open').click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    await expect(panel).toBeHidden();
    await expect(this.scanField).toBeFocused();
    return (await response.json()) as { id: string; code: string };
  }

  async expectWaiting(count: number): Promise<void> {
    await expect(this.waiting).toHaveAttribute('data-count', String(count), { timeout: 40_000 });
  }

  /** F10, then each payment (the method's name and an amount; no amount: what is due), then issue. */
  async pay(payments: { method: string; amount?: string }[]): Promise<void> {
    await this.page.keyboard.press('F10');
    const panel = this.root.getByTestId('till-pay-panel');
    for (const p of payments) {
      await panel.getByTestId('till-pay-method').selectOption({ label: p.method });
      await panel.getByTestId('till-pay-amount').fill(p.amount ?? '');
      await panel.getByTestId('till-pay-add').click();
    }
    await expect(this.due).toHaveText(/^0[.,]00$/);
    await panel.getByTestId('till-issue').click();
    await expect(this.lines).toHaveCount(0);
  }
}
