import { languages } from './languages';
import * as server from './labels';
import * as browser from './labels.browser';

// Feature apps' builds swap labels.ts for labels.browser.ts (packages/web-build, issue 12): a loaded language
// names every entity, field and option exactly as the full labels do.
describe("a feature app's labels", () => {
  it('names as the full labels once a language is loaded, fetching that language alone', async () => {
    expect(browser.isLabelKey('fields.code')).toBe(false); // nothing loaded yet
    expect(browser.label('ar', 'fields.code')).toBe('code'); // the key's last part until then, never 'fields.code'
    await browser.loadLabels('ar');
    expect(Object.keys(browser.labels)).toEqual(['ar']); // the page's language alone, not six, no English
    const keys = Object.keys(server.labels.en);
    for (const language of languages) {
      await browser.loadLabels(language);
      for (const key of [...keys, 'no.such.key'])
        expect(browser.label(language, key)).toBe(server.label(language, key));
      expect(browser.fieldLabel(language, 'storeId', 'storageTransfers')).toBe(
        server.fieldLabel(language, 'storeId', 'storageTransfers'),
      );
      expect(browser.fieldLabel(language, 'code')).toBe(server.fieldLabel(language, 'code'));
    }
    expect(browser.isLabelKey('no.such.key')).toBe(false);
  });
});
