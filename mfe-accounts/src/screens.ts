import { documentsOf, entitiesOf } from '@erp/contracts';
import { lazyScreens, masterDataScreens, type ScreenRegistry } from '@erp/ui-kit';
import { documentRoutesOf } from '@erp/ui-kit/src/declare';
import { accountsPaths } from './paths';

/**
 * The screens of this app, keyed by the manifest route they render: one generic master-data screen per entity
 * of the accounts service (the kit's `MasterDataScreen`), the journal vouchers on the kit's document screen, bulk
 * posting and the journal's check, whose code loads when they first open.
 */
export const screens: ScreenRegistry = {
  ...masterDataScreens(entitiesOf('accounts')),
  // the vouchers' screens (list, new, edit/{id}, closedVoucher, closedVoucherEdit/{id}) load when one first opens
  ...lazyScreens(
    documentsOf('accounts')
      .flatMap(documentRoutesOf)
      .map((r) => r.path),
    () => import('./voucher-screens').then((m) => m.voucherScreens),
  ),
  ...lazyScreens([accountsPaths.postVouchers], () =>
    import('./screens/PostVouchersScreen').then((m) => ({
      [accountsPaths.postVouchers]: m.PostVouchersScreen,
    })),
  ),
  ...lazyScreens([accountsPaths.accountsReports], () =>
    import('./screens/AccountsReportsScreen').then((m) => ({
      [accountsPaths.accountsReports]: m.AccountsReportsScreen,
    })),
  ),
  ...lazyScreens([accountsPaths.journalVerify], () =>
    import('./screens/JournalVerifyScreen').then((m) => ({
      [accountsPaths.journalVerify]: m.JournalVerifyScreen,
    })),
  ),
  ...lazyScreens([accountsPaths.fiscalYears], () =>
    import('./screens/FiscalYearsScreen').then((m) => ({
      [accountsPaths.fiscalYears]: m.FiscalYearsScreen,
    })),
  ),
  ...lazyScreens([accountsPaths.notPosted], () =>
    import('./screens/NotPostedScreen').then((m) => ({ [accountsPaths.notPosted]: m.NotPostedScreen })),
  ),
};
