import { accountsModule } from '@erp/accounts';
import { concreteModule } from '@erp/concrete';
import type { ServiceName } from '@erp/contracts';
import { identityModule } from '@erp/identity';
import { inventoryModule } from '@erp/inventory';
import { purchasesModule } from '@erp/purchases';
import { restaurantModule } from '@erp/restaurant';
import { salesModule } from '@erp/sales';
import type { ServiceModule } from '@erp/service-kit';

/** Every service of the product, by name: both run modes compose from this one list. */
export const serviceModules: Readonly<Record<ServiceName, ServiceModule>> = {
  identity: identityModule,
  accounts: accountsModule,
  sales: salesModule,
  purchases: purchasesModule,
  inventory: inventoryModule,
  restaurant: restaurantModule,
  concrete: concreteModule,
};
