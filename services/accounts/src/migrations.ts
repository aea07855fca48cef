import {
  expenseTypes,
  incomeTypes,
  banks,
  safes,
  revenueTypes,
  paymentMethods,
  exchangeDestinations,
} from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const accountsMigrations: Migration[] = [
  {
    name: 'accounts_0001_main_data',
    async up(knex) {
      for (const entity of [
        expenseTypes,
        incomeTypes,
        banks,
        safes,
        revenueTypes,
        paymentMethods,
        exchangeDestinations,
      ])
        await createEntityTable(knex, entity);
    },
  },
];
