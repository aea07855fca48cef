import { suppliers } from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const purchasesMigrations: Migration[] = [
  {
    name: 'purchases_0001_suppliers',
    async up(knex) {
      await createEntityTable(knex, suppliers);
    },
  },
];
