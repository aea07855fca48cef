import { storageTransfers } from '@erp/contracts';
import {
  documentTotals,
  emptyDocument,
  mainUnitTotals,
  unitCountsText,
  validateDocument,
} from './document-model';
import type { CatalogItem } from './items';

describe('the document form model', () => {
  const line = (itemId: string, quantity: string) => ({ itemId, unitId: 'u1', quantity });

  it('shows a repeated item at once, while the repeated line is still being filled', () => {
    const values = {
      ...emptyDocument(storageTransfers, '2026-03-01'),
      storeId: 's1',
      toStoreId: 's2',
      lines: [line('i1', '2'), line('i1', '')],
    };
    const errors = validateDocument(storageTransfers, values, 'ar', null);
    expect(errors['lines.1.itemId']).toBe('الصنف مضاف من قبل');
    expect(errors['lines.1.quantity']).toBe('هذا الحقل مطلوب');
  });

  it('says the same stores on both sides even before any line is complete', () => {
    const values = {
      ...emptyDocument(storageTransfers, '2026-03-01'),
      storeId: 's1',
      toStoreId: 's1',
      lines: [line('i1', '')],
    };
    const errors = validateDocument(storageTransfers, values, 'en', null);
    expect(errors.toStoreId).toBe('Source and destination stores cannot be the same');
  });

  describe('totals in main units (issue 12 item 5)', () => {
    const sugar: CatalogItem = {
      id: 'sugar',
      code: '1',
      arabicName: 'سكر',
      englishName: 'Sugar',
      mainUnitId: 'piece',
      units: [{ unitId: 'carton', conversionRate: '24' }],
    };
    const rice: CatalogItem = {
      id: 'rice',
      code: '2',
      arabicName: 'أرز',
      englishName: 'Rice',
      mainUnitId: 'kg',
    };
    const names = new Map([
      ['piece', 'Piece'],
      ['kg', 'kg'],
    ]);

    it('counts 5 cartons and 10 pieces as 130 pieces, never 15', () => {
      const lines = [
        { itemId: 'sugar', unitId: 'carton', quantity: '5' },
        { itemId: 'sugar', unitId: 'piece', quantity: '10' },
      ];
      const totals = documentTotals(storageTransfers, lines, 2, { sugar });
      expect(totals.quantity).toBe('130');
      expect(unitCountsText(totals.byUnit!, names)).toBe('130 Piece');
    });

    it('keeps items of other main units apart, with exact decimals', () => {
      const lines = [
        { itemId: 'sugar', unitId: 'carton', quantity: '0.5' },
        { itemId: 'rice', unitId: 'kg', quantity: '0.1' },
        { itemId: 'rice', unitId: 'kg', quantity: '0.2' },
      ];
      const byUnit = mainUnitTotals(storageTransfers, lines, { sugar, rice });
      expect(unitCountsText(byUnit!, names)).toBe('12 Piece + 0.3 kg');
      expect(documentTotals(storageTransfers, lines, 2, { sugar, rice }).quantity).toBe('');
    });

    it('takes the totals the service gave while an item cannot be read, and never adds units itself', () => {
      const lines = [
        { itemId: 'sugar', unitId: 'carton', quantity: '5' },
        { itemId: 'sugar', unitId: 'piece', quantity: '10' },
      ];
      expect(mainUnitTotals(storageTransfers, lines, {})).toBeNull();
      expect(documentTotals(storageTransfers, lines, 2, {}).byUnit).toBeNull();
      expect(
        documentTotals(storageTransfers, lines, 2, {}, [{ unitId: 'piece', quantity: '130' }]).quantity,
      ).toBe('130');
    });
  });
});
