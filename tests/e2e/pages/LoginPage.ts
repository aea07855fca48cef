import { expect, type Locator, type Page } from '@playwright/test';

/** /login (style.md example 14: one page object per screen). */
export class LoginPage {
  readonly userName: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.userName = page.locator('#login-user-name');
    this.password = page.locator('#login-password');
    this.submit = page.locator('form button[type=submit]');
    this.alert = page.locator('.erp-alerts .p-toast-message');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.userName).toBeVisible();
  }

  async signIn(userName: string, password: string): Promise<void> {
    await this.userName.fill(userName);
    await this.password.fill(password);
    await this.submit.click();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.userName).toBeVisible();
  }
}
