import { masterDataService } from '@erp/service-kit';
import { purchasesMigrations } from './migrations';

/** purchases: suppliers, purchase orders, purchase invoices and returns; so far its suppliers. */
export const purchasesModule = masterDataService('purchases', purchasesMigrations);
