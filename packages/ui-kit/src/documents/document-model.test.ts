import { storageTransfers } from '@erp/contracts';
import { emptyDocument, validateDocument } from './document-model';

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
});
