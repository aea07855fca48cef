import { languages } from './languages';
import * as server from './server-texts';
import * as browser from './server-texts.browser';

// Feature apps' builds swap server-texts.ts for server-texts.browser.ts (packages/web-build, issue 12): a loaded
// language translates exactly as the server does.
describe("a feature app's server texts", () => {
  it('translates as the server once a language is loaded, and falls back to a loaded one', async () => {
    expect(browser.isServerMessageKey('validation.phone')).toBe(false); // nothing loaded yet
    await browser.loadServerTexts('ar');
    expect(browser.translate('ar', 'validation.phone')).toBe(server.translate('ar', 'validation.phone'));
    // a language not loaded yet borrows the default's words, never a raw key
    expect(browser.translate('de', 'validation.phone')).toBe(server.translate('ar', 'validation.phone'));
    for (const language of languages) {
      await browser.loadServerTexts(language);
      for (const key of ['validation.min', 'validation.phone', 'no.such.key'])
        expect(browser.translate(language, key, { minimum: 3 })).toBe(
          server.translate(language, key, { minimum: 3 }),
        );
    }
    expect(browser.isServerMessageKey('validation.phone')).toBe(true);
    expect(browser.isServerMessageKey('no.such.key')).toBe(false);
  });
});
