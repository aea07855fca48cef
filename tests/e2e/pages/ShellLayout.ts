import { expect, type Locator, type Page } from '@playwright/test';

/** The vertical layout around every signed-in page: navbar, pickers, sidebar, remote problems. */
export class ShellLayout {
  readonly navbar: Locator;
  readonly sidebar: Locator;
  readonly logoutButton: Locator;
  readonly remoteProblems: Locator;

  constructor(readonly page: Page) {
    this.navbar = page.locator('header.erp-navbar');
    this.sidebar = page.locator('nav.erp-sidebar');
    this.logoutButton = page.getByTestId('logout');
    this.remoteProblems = page.locator('.erp-remote-problem');
  }

  async chooseLanguage(label: string): Promise<void> {
    await this.navbar.getByTestId('language-picker').click();
    await this.page.locator('.p-dropdown-panel li[role=option]', { hasText: label }).click();
  }

  async expectDirection(dir: 'rtl' | 'ltr', lang: string): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('dir', dir);
    await expect(this.page.locator('html')).toHaveAttribute('lang', lang);
  }

  /** A sidebar entry by its label; `exact` where the label is part of another's ('Items', 'Items reports'). */
  menuLink(label: string, { exact = false } = {}): Locator {
    return this.sidebar.getByRole('link', { name: label, exact });
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
  }

  remoteProblem(remote: string): Locator {
    return this.page.locator(`.erp-remote-problem[data-remote="${remote}"]`);
  }
}
