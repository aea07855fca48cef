import { areas, customers, discountTypes } from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const salesMigrations: Migration[] = [
  {
    name: 'sales_0001_main_data',
    async up(knex) {
      for (const entity of [areas, discountTypes]) await createEntityTable(knex, entity);
    },
  },
  {
    name: 'sales_0002_customers',
    async up(knex) {
      await createEntityTable(knex, customers);
    },
  },
];
