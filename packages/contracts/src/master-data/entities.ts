import type { EntityDef } from './declare';
import {
  accountGroups,
  accounts,
  banks,
  costCenters,
  exchangeDestinations,
  expenseTypes,
  incomeTypes,
  paymentMethods,
  revenueTypes,
  safes,
} from './entities-accounts';
import { itemCategories, items, priceLists, stores, taxes, units } from './entities-inventory';
import {
  carColors,
  carTypes,
  cars,
  castingTypes,
  cementTypes,
  drivers,
  maxTemperatures,
  projects,
  suppliers,
  tables,
} from './entities-other';
import {
  agentItineraries,
  agents,
  areas,
  customers,
  dealersClassifications,
  discountTypes,
} from './entities-sales';

export * from './entities-accounts';
export * from './entities-inventory';
export * from './entities-other';
export * from './entities-sales';

/**
 * The spec's 'Main data' lists (section 2), each in the service that owns it (design.md section 2), declared
 * in a part per service (entities-*.ts). Where the spec names only a view permission, the same name guards
 * saving (the route's meta permission decides whether the save button is shown, spec section 2).
 */
export const masterDataEntities: readonly EntityDef[] = [
  expenseTypes,
  incomeTypes,
  banks,
  safes,
  revenueTypes,
  paymentMethods,
  exchangeDestinations,
  accountGroups,
  accounts,
  costCenters,
  areas,
  discountTypes,
  dealersClassifications,
  agents,
  agentItineraries,
  customers,
  suppliers,
  tables,
  carColors,
  carTypes,
  cars,
  drivers,
  projects,
  cementTypes,
  castingTypes,
  maxTemperatures,
  units,
  stores,
  itemCategories,
  taxes,
  items,
  priceLists,
];

export function entitiesOf(service: string): EntityDef[] {
  return masterDataEntities.filter((e) => e.service === service);
}
