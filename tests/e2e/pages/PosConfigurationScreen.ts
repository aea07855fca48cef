import { expect, type Locator, type Page } from '@playwright/test';

/** /posConfigurations (editCompany): the scales' label prefix and mode, with a live example label. */
export class PosConfigurationScreen {
  readonly root: Locator;
  readonly save: Locator;
  readonly prefix: Locator;
  readonly exampleLabel: Locator;
  readonly exampleMeaning: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('pos-configuration-screen');
    this.save = this.root.getByTestId('save');
    this.prefix = this.root.getByTestId('pos-scalePrefix');
    this.exampleLabel = this.root.getByTestId('pos-example-label');
    this.exampleMeaning = this.root.getByTestId('pos-example-meaning');
  }

  mode(mode: 'weight' | 'price'): Locator {
    return this.root.locator(`#pos-scaleMode-${mode}`);
  }

  examplePart(part: 'prefix' | 'scaleCode' | 'weight' | 'price' | 'checkDigit'): Locator {
    return this.root.getByTestId(`pos-example-${part}`);
  }

  /** Opens the prefix list and picks one (a short list: no filter). */
  async choosePrefix(prefix: string): Promise<void> {
    await this.prefix.click();
    await this.page.locator('.p-dropdown-panel li[role=option]', { hasText: prefix }).first().click();
    await expect(this.prefix.locator('.p-dropdown-label')).toHaveText(prefix);
  }
}
