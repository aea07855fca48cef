import { masterDataService } from '@erp/service-kit';
import { salesMigrations } from './migrations';

/** sales: customers, agents, sales documents and POS; so far its main data. */
export const salesModule = masterDataService('sales', salesMigrations);
