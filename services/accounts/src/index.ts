import { masterDataService } from '@erp/service-kit';
import { accountsMigrations } from './migrations';

/** accounts: chart of accounts, vouchers, posting, cash and bank documents; so far its main data. */
export const accountsModule = masterDataService('accounts', accountsMigrations);
