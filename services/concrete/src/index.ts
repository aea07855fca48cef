import { masterDataService } from '@erp/service-kit';
import { concreteMigrations } from './migrations';

/** concrete: cars, drivers, projects, cement and casting types, dispatch; so far its main data. */
export const concreteModule = masterDataService('concrete', concreteMigrations);
