import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading, RequireAdmin } from '../app/guards';
import { loadScreenTexts } from '../app/i18n';
import type { BranchMode } from '../branches/BranchFormPage';
import type { ShellScreen } from './shell-routes';

// The settings screens load when first opened: they bring the contracts' rules (zod, phone metadata) with them,
// and their texts in the language shown (their namespace beside them).
const withTexts = <T,>(code: Promise<T>, namespace: Parameters<typeof loadScreenTexts>[0]) =>
  Promise.all([code, loadScreenTexts(namespace)]).then(([m]) => m);
const users = () => withTexts(import(/* webpackChunkName: "settings-users" */ '../users/screens'), 'users');
const branches = () =>
  withTexts(import(/* webpackChunkName: "settings-branches" */ '../branches/screens'), 'branches');
const settings = () =>
  withTexts(import(/* webpackChunkName: "settings-other" */ '../pages/settings/screens'), 'settings');

const UsersPage = lazy(() => users().then((m) => ({ default: m.UsersPage })));
const UserFormPage = lazy(() => users().then((m) => ({ default: m.UserFormPage })));
const BranchesPage = lazy(() => branches().then((m) => ({ default: m.BranchesPage })));
const BranchFormPage = lazy(() => branches().then((m) => ({ default: m.BranchFormPage })));
const CompanyPage = lazy(() => settings().then((m) => ({ default: m.CompanyPage })));
const InvoiceTemplatePage = lazy(() => settings().then((m) => ({ default: m.InvoiceTemplatePage })));
const PosConfigurationPage = lazy(() => settings().then((m) => ({ default: m.PosConfigurationPage })));
const LogsPage = lazy(() => settings().then((m) => ({ default: m.LogsPage })));
const SupportTicketsPage = lazy(() => settings().then((m) => ({ default: m.SupportTicketsPage })));
const SubscriptionDataPage = lazy(() => settings().then((m) => ({ default: m.SubscriptionDataPage })));
const SystemEventsPage = lazy(() => settings().then((m) => ({ default: m.SystemEventsPage })));
const ChangePasswordPage = lazy(() => settings().then((m) => ({ default: m.ChangePasswordPage })));

// the dialog the settings lists confirm a delete through (ListParts' confirmDialog): with them, not on every screen
const ConfirmDialog = lazy(() =>
  import(/* webpackChunkName: "confirm-dialog" */ 'primereact/confirmdialog').then((m) => ({
    default: m.ConfirmDialog,
  })),
);

const page = (Screen: ComponentType): ReactNode => (
  <Suspense fallback={<Loading />}>
    <Screen />
    <ConfirmDialog />
  </Suspense>
);
const branch = (mode: BranchMode): ReactNode => (
  <Suspense fallback={<Loading />}>
    <BranchFormPage mode={mode} />
  </Suspense>
);

/** The element of each shell screen (the open /ForgetPassword is routed apart). */
export const shellScreens: Record<Exclude<ShellScreen, 'forgetPassword'>, () => ReactNode> = {
  users: () => page(UsersPage),
  userNew: () => page(UserFormPage),
  userEdit: () => page(UserFormPage),
  branches: () => page(BranchesPage),
  branchNew: () => branch('new'),
  branchEdit: () => branch('edit'),
  branchPreview: () => branch('preview'),
  branchStartUp: () => branch('startUp'),
  company: () => page(CompanyPage),
  invoiceTemplate: () => page(InvoiceTemplatePage),
  posConfigurations: () => page(PosConfigurationPage),
  logs: () => page(LogsPage),
  systemEvents: () => <RequireAdmin>{page(SystemEventsPage)}</RequireAdmin>,
  supportTickets: () => page(SupportTicketsPage),
  subscriptionData: () => page(SubscriptionDataPage),
  changePassword: () => page(ChangePasswordPage),
};
