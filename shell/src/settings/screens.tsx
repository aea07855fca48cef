import type { ComponentType, ReactNode } from 'react';
import { loadable } from '@erp/ui-kit/src/loadable';
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

const UsersPage = loadable(() => users().then((m) => m.UsersPage), <Loading />);
const UserFormPage = loadable(() => users().then((m) => m.UserFormPage), <Loading />);
const BranchesPage = loadable(() => branches().then((m) => m.BranchesPage), <Loading />);
const BranchFormPage = loadable(() => branches().then((m) => m.BranchFormPage), <Loading />);
const CompanyPage = loadable(() => settings().then((m) => m.CompanyPage), <Loading />);
const InvoiceTemplatePage = loadable(() => settings().then((m) => m.InvoiceTemplatePage), <Loading />);
const PosConfigurationPage = loadable(() => settings().then((m) => m.PosConfigurationPage), <Loading />);
const LogsPage = loadable(() => settings().then((m) => m.LogsPage), <Loading />);
const SupportTicketsPage = loadable(() => settings().then((m) => m.SupportTicketsPage), <Loading />);
const SubscriptionDataPage = loadable(() => settings().then((m) => m.SubscriptionDataPage), <Loading />);
const SystemEventsPage = loadable(() => settings().then((m) => m.SystemEventsPage), <Loading />);
const ChangePasswordPage = loadable(() => settings().then((m) => m.ChangePasswordPage), <Loading />);

// the dialog the settings lists confirm a delete through (ListParts' confirmDialog): with them, not on every screen
const ConfirmDialog = loadable(() =>
  import(/* webpackChunkName: "confirm-dialog" */ 'primereact/confirmdialog').then((m) => m.ConfirmDialog),
);

const page = (Screen: ComponentType): ReactNode => (
  <>
    <Screen />
    <ConfirmDialog />
  </>
);
const branch = (mode: BranchMode): ReactNode => <BranchFormPage mode={mode} />;

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
