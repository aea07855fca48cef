import { tables } from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const restaurantMigrations: Migration[] = [
  {
    name: 'restaurant_0001_main_data',
    async up(knex) {
      for (const entity of [tables]) await createEntityTable(knex, entity);
    },
  },
];
