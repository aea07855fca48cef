import { units } from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const inventoryMigrations: Migration[] = [
  {
    name: 'inventory_0001_main_data',
    async up(knex) {
      for (const entity of [units]) await createEntityTable(knex, entity);
    },
  },
];
