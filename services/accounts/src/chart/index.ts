import { accounts } from '@erp/contracts';
import { leafIssue, type EntityHooks, type FieldIssue, type TenantScope } from '@erp/service-kit';

export { chartMigration } from './chart-migration';
export { defaultChart, defaultChartStarters, defaultAccountKey } from './default-chart';

/**
 * What the chart adds to the master-data engine's tree rules. `accountInUse` is the ledger's "in use" check
 * (journal lines name the account; the journal's tables are its own): an account in use cannot be deleted and
 * cannot become a parent, since a parent takes no entries.
 */
export function chartHooks(
  options: {
    accountInUse?: (s: TenantScope, id: string) => Promise<boolean>;
    costCenterInUse?: (s: TenantScope, id: string) => Promise<boolean>;
  } = {},
): Record<string, EntityHooks> {
  return {
    ...(options.accountInUse ? { accounts: { isReferenced: options.accountInUse } } : {}),
    ...(options.costCenterInUse ? { costCenters: { isReferenced: options.costCenterInUse } } : {}),
  };
}

/** For the journal: a line's account must be a leaf ('validation.parentAccount' on `field` otherwise). */
export function postableAccountIssue(
  s: TenantScope,
  accountId: string,
  field: string,
): Promise<FieldIssue | null> {
  return leafIssue(s, accounts, accountId, field);
}
