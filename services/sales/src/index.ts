import { customers } from '@erp/contracts';
import { masterDataService } from '@erp/service-kit';
import { salesMigrations } from './migrations';
import { salesStarters } from './starters';

/**
 * sales: customers, agents, sales documents and POS; so far its main data (and a new tenant's cash customer).
 * Accounts keeps a replica of its customers.
 */
export const salesModule = masterDataService('sales', salesMigrations, {}, salesStarters, [customers]);
