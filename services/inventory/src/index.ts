import { masterDataService } from '@erp/service-kit';
import { inventoryMigrations } from './migrations';

/** inventory: items, stores, stock ledger and stock documents; so far its units. */
export const inventoryModule = masterDataService('inventory', inventoryMigrations);
