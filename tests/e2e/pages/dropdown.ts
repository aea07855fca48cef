import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a choice of a filterable PrimeReact dropdown by its label, as a user does: open, type in the filter,
 * click the choice, and see it shown. A click that lands while the choices are still being redrawn (their
 * list arriving as the page opens) is tried again, as a user would.
 */
export async function pickOption(page: Page, dropdown: Locator, option: string): Promise<void> {
  const panel = page.locator('.p-dropdown-panel');
  await expect(async () => {
    if (!(await panel.isVisible())) await dropdown.click();
    await panel.locator('.p-dropdown-filter').fill(option, { timeout: 3_000 });
    await panel.locator('li[role=option]', { hasText: option }).first().click({ timeout: 3_000 });
    await expect(dropdown.locator('.p-dropdown-label')).toContainText(option, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  // the pick is done when its panel has gone: the next dropdown must not find this one still closing
  await expect(panel).toHaveCount(0);
}
