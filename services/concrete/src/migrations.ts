import {
  carColors,
  carTypes,
  cars,
  drivers,
  projects,
  cementTypes,
  castingTypes,
  maxTemperatures,
} from '@erp/contracts';
import { createEntityTable, type Migration } from '@erp/service-kit';

export const concreteMigrations: Migration[] = [
  {
    name: 'concrete_0001_main_data',
    async up(knex) {
      for (const entity of [
        carColors,
        carTypes,
        cars,
        drivers,
        projects,
        cementTypes,
        castingTypes,
        maxTemperatures,
      ])
        await createEntityTable(knex, entity);
    },
  },
];
