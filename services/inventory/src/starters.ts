import { stores, taxes } from '@erp/contracts';
import { starterKeys, type StarterRecord } from '@erp/service-kit';

/**
 * What a new tenant's inventory starts with (issue 12, 'a new tenant ready to work'): the Saudi VAT categories
 * (ZATCA / EN 16931: standard 15 %, zero-rated, exempt; new items default to the standard one) and a default
 * store on the master branch.
 */
export const inventoryStarters: readonly StarterRecord[] = [
  {
    key: 'vatStandard',
    entity: taxes,
    values: () => ({
      arabicName: 'ضريبة القيمة المضافة 15%',
      englishName: 'VAT 15%',
      rate: '15',
      category: 'S',
    }),
    servedBy: () => ({ category: 'S' }),
  },
  {
    key: 'vatZeroRated',
    entity: taxes,
    values: () => ({ arabicName: 'خاضع لنسبة الصفر', englishName: 'Zero-rated', rate: '0', category: 'Z' }),
    servedBy: () => ({ category: 'Z' }),
  },
  {
    key: 'vatExempt',
    entity: taxes,
    values: () => ({ arabicName: 'معفى من الضريبة', englishName: 'Exempt', rate: '0', category: 'E' }),
    servedBy: () => ({ category: 'E' }),
  },
  {
    key: starterKeys.defaultStore,
    entity: stores,
    values: (branchId) => ({ arabicName: 'المستودع الرئيسي', englishName: 'Main store', branchId }),
    servedBy: (branchId) => ({ branch_id: branchId }),
  },
];
