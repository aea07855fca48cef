import { languages, parseLanguage, serverMessages, translate, type ServerMessageKey } from '../index';

const en = serverMessages.en;

const englishKeys = Object.keys(en).sort();

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

describe.each(languages)('server messages: %s', (language) => {
  const messages = serverMessages[language];

  it('has exactly the English key set', () => {
    expect(Object.keys(messages).sort()).toEqual(englishKeys);
  });

  it('has no empty value and no value equal to its key', () => {
    for (const [key, value] of Object.entries(messages)) {
      expect(typeof value).toBe('string');
      expect(value.trim()).not.toBe('');
      expect(value).not.toBe(key);
    }
  });

  it('keeps every English placeholder', () => {
    for (const [key, english] of Object.entries(en)) {
      const translated = messages[key as ServerMessageKey];
      for (const name of placeholders(english)) {
        expect(translated).toContain(`{${name}}`);
      }
    }
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('ar', 'validation.min', { minimum: 3 })).toContain('3');
    expect(translate('ar', 'validation.min', { minimum: 3 })).not.toContain('{minimum}');
  });

  it('falls back to the translated invalid text for an unknown key', () => {
    for (const language of languages) {
      const text = translate(language, 'no.such.key');
      expect(text).toBe(serverMessages[language]['validation.invalid']);
      expect(text).not.toBe('no.such.key');
    }
    expect(translate('ar', 'no.such.key')).toBe('هذه القيمة غير صالحة');
  });
});

describe('parseLanguage', () => {
  it('reads the language header', () => {
    expect(parseLanguage('ar-SA')).toBe('ar');
    expect(parseLanguage('AR')).toBe('ar');
    expect(parseLanguage(undefined)).toBe('en');
    expect(parseLanguage(null)).toBe('en');
    expect(parseLanguage('xx')).toBe('en');
  });
});
