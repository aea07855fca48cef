import { label, labels, languages } from '../index';

const englishKeys = Object.keys(labels.en).sort();

describe.each(languages)('labels: %s', (language) => {
  const table = labels[language];

  it('has exactly the English key set', () => {
    expect(Object.keys(table).sort()).toEqual(englishKeys);
  });

  it('has no empty value and no value equal to its key', () => {
    for (const [key, value] of Object.entries(table)) {
      expect(typeof value).toBe('string');
      expect(value.trim()).not.toBe('');
      expect(value).not.toBe(key);
    }
  });
});

describe('label', () => {
  it('names an entity in the requested language', () => {
    expect(label('ar', 'entities.banks')).toBe('البنوك');
  });

  it('never returns a raw dotted key for an unknown key', () => {
    expect(label('en', 'fields.unknownThing')).not.toContain('.');
  });
});
