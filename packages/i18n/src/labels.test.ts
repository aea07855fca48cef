import { fieldLabel, isLabelKey, label, labels, languages } from './index';

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

describe('fieldLabel', () => {
  it("names a document's field its own way where it has a label, else the shared field label", () => {
    // a transfer's store is where the goods leave; on any other document it is just the store
    expect(fieldLabel('en', 'storeId', 'storageTransfers')).toBe('From store');
    expect(fieldLabel('ar', 'storeId', 'storageTransfers')).toBe('من المخزن');
    expect(fieldLabel('en', 'storeId', 'additionOrders')).toBe('Store');
    expect(fieldLabel('en', 'storeId')).toBe(label('en', 'fields.storeId'));
    expect(fieldLabel('en', 'toStoreId', 'storageTransfers')).toBe('To store');
  });

  it('reads every language from its JSON file, one flat key per group and name', () => {
    for (const language of languages) expect(labels[language]['storageTransfers.storeId']).toBeTruthy();
    expect(isLabelKey('fields.code')).toBe(true);
    expect(isLabelKey('fields')).toBe(false);
  });
});
