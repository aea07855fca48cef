import { type Locator, type Page } from '@playwright/test';

/** The floating feedback button and its modal (spec section 2). */
export class FeedbackModal {
  readonly button: Locator;
  readonly form: Locator;
  readonly send: Locator;
  readonly preview: Locator;
  readonly capture: Locator;
  readonly file: Locator;
  readonly imageError: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByTestId('feedback-button');
    this.form = page.getByTestId('feedback-form');
    this.send = this.form.getByTestId('feedback-send');
    this.preview = this.form.getByTestId('feedback-preview');
    this.capture = this.form.getByTestId('feedback-capture');
    this.file = this.form.getByTestId('feedback-file');
    this.imageError = this.form.getByTestId('feedback-image-error');
  }

  field(name: string): Locator {
    return this.form.locator(`#feedback-${name}`);
  }

  error(name: string): Locator {
    return this.form.locator(`#feedback-${name}-error`);
  }
}
