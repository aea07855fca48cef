import { languages, type Language } from '@erp/i18n';
import type { LanguageLoaders } from '@erp/i18n/src/client';
import { createFeatureI18n, loadFeatureLanguage, prefetchPageLanguage } from './i18n';

/** An app namespace whose loaders record the languages asked for. */
function recordingTexts(asked: Language[]): LanguageLoaders {
  return Object.fromEntries(
    languages.map((language) => [
      language,
      () => {
        asked.push(language);
        return Promise.resolve({ title: `title-${language}` });
      },
    ]),
  ) as unknown as LanguageLoaders;
}

describe("a feature app's texts start loading with its code (issue 12)", () => {
  const page = globalThis as { document?: unknown };
  afterEach(() => {
    delete page.document;
  });

  it("fetches the page's language once, without switching the instance; the mount finds it there", async () => {
    page.document = { documentElement: { lang: 'fr' } };
    const asked: Language[] = [];
    const instance = createFeatureI18n('mfe_test', recordingTexts(asked));
    prefetchPageLanguage(instance);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['fr']);
    expect(instance.hasResourceBundle('fr', 'mfe_test')).toBe(true);
    expect(instance.language).toBe('ar');
    await loadFeatureLanguage(instance, 'fr');
    expect(asked).toEqual(['fr']);
    expect(instance.t('title')).toBe('title-fr');
  });

  it('fetches nothing outside a page or for a language the product does not have', () => {
    const asked: Language[] = [];
    prefetchPageLanguage(createFeatureI18n('mfe_test', recordingTexts(asked)));
    page.document = { documentElement: { lang: 'xx' } };
    prefetchPageLanguage(createFeatureI18n('mfe_test', recordingTexts(asked)));
    expect(asked).toEqual([]);
  });
});
