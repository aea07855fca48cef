import { masterDataService } from '@erp/service-kit';
import { restaurantMigrations } from './migrations';

/** restaurant: tables, menu, kitchen and restaurant orders; so far its tables. */
export const restaurantModule = masterDataService('restaurant', restaurantMigrations);
