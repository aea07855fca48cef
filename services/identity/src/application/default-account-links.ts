import { accountLinkNames, defaultAccountLinkKeys, type BranchAccountLinks } from '@erp/contracts';
import { starterRecordId } from '@erp/service-kit';

/**
 * A new tenant's branch links to the default chart's accounts: accounts makes them by the same ids
 * (`starterRecordId(tenant, 'account.<name>')`, its chart/default-chart.ts), so posting works out of the box.
 */
export function defaultAccountLinks(tenantId: string): BranchAccountLinks {
  return Object.fromEntries(
    accountLinkNames.map((name) => [
      name,
      starterRecordId(tenantId, `account.${defaultAccountLinkKeys[name]}`),
    ]),
  ) as BranchAccountLinks;
}
