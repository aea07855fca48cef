import { type Locator, type Page } from '@playwright/test';

/** The theme customizer panel (cog on the page's edge). */
export class ThemeCustomizer {
  readonly toggle: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByTestId('theme-toggle');
  }

  async choose(setting: string, label: string): Promise<void> {
    await this.page.getByTestId(`theme-${setting}`).getByRole('button', { name: label, exact: true }).click();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
  }
}
