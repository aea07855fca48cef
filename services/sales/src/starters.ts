import { customers } from '@erp/contracts';
import { starterKeys, type StarterRecord } from '@erp/service-kit';

/** A new tenant's cash customer (the spec's branch requires one; issue 12, 'a new tenant ready to work'). */
export const salesStarters: readonly StarterRecord[] = [
  {
    key: starterKeys.cashCustomer,
    entity: customers,
    values: () => ({ arabicName: 'عميل نقدي', englishName: 'Cash customer', isCashCustomer: true }),
    servedBy: () => ({ is_cash_customer: true }),
  },
];
