import { type Locator, type Page } from '@playwright/test';

/** /change-password, opened from the user menu. */
export class ChangePasswordScreen {
  readonly root: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('change-password-screen');
    this.save = this.root.getByTestId('save');
  }

  field(name: 'oldPassword' | 'newPassword' | 'confirmPassword'): Locator {
    return this.root.locator(`#cp-${name}`);
  }

  error(name: 'oldPassword' | 'newPassword' | 'confirmPassword'): Locator {
    return this.root.locator(`#cp-${name}-error`);
  }
}
