import { MANIFEST_VERSION, type FeatureManifest, type FeatureRoute } from '@erp/ui-kit/src/contract';

/**
 * The screens the shell itself owns (issue 3: settings, users, branches, support), described like a feature
 * app's manifest so the one menu builder gates them by permission and the route table, the page title and the
 * favorites star treat them like any other route. Labels and titles are keys of the 'shell' namespace.
 */
export const SHELL_NAMESPACE = 'shell';

export const shellPaths = {
  users: '/users',
  userNew: '/users/new',
  userEdit: '/users/edit/:id',
  branches: '/branches',
  branchNew: '/branches/new',
  branchEdit: '/branches/edit/:id',
  branchPreview: '/branches/preview/:id',
  branchStartUp: '/branches/startUp/:id',
  company: '/company',
  invoiceTemplate: '/invoice-template',
  posConfigurations: '/posConfigurations',
  logs: '/logs',
  systemEvents: '/system-events',
  supportTickets: '/support-tickets',
  subscriptionData: '/subscription-data',
  changePassword: '/change-password',
  forgetPassword: '/ForgetPassword',
} as const;

export type ShellScreen = keyof typeof shellPaths;

const route = (
  screen: ShellScreen,
  permission: FeatureRoute['permission'],
  layout?: 'full',
): FeatureRoute => ({
  path: shellPaths[screen],
  permission,
  titleKey: `titles.${screen}`,
  ...(layout ? { layout } : {}),
});

/** Every signed-in route of the shell (the open /ForgetPassword is routed apart). */
export const shellRoutes: readonly FeatureRoute[] = [
  route('users', 'viewUsers'),
  route('userNew', 'addUsers'),
  route('userEdit', 'editUsers'),
  route('branches', 'viewBranches'),
  route('branchNew', 'addBranches'),
  route('branchEdit', 'editBranches'),
  route('branchPreview', 'viewBranches'),
  route('branchStartUp', 'editBranches', 'full'),
  route('company', 'editCompany'),
  route('invoiceTemplate', 'editCompany'),
  route('posConfigurations', 'editCompany'),
  route('logs', 'viewUsers'),
  // admins only (the menu's 'admin' flag and the screen's guard): the admin API answers nobody else
  route('systemEvents', null),
  route('supportTickets', null),
  route('subscriptionData', null),
  route('changePassword', null),
];

/** The shell's screens in the sidebar's Settings group (spec section 2), gated by their routes' permissions. */
export const shellManifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: SHELL_NAMESPACE,
  routes: shellRoutes,
  menu: [
    { group: 'settings', path: '/users', labelKey: 'menu.users', icon: 'pi pi-users', order: 10 },
    { group: 'settings', path: '/branches', labelKey: 'menu.branches', icon: 'pi pi-sitemap', order: 20 },
    { group: 'settings', path: '/company', labelKey: 'menu.company', icon: 'pi pi-building', order: 30 },
    {
      group: 'settings',
      path: '/invoice-template',
      labelKey: 'menu.invoiceTemplate',
      icon: 'pi pi-print',
      order: 35,
    },
    {
      group: 'settings',
      path: '/posConfigurations',
      labelKey: 'menu.posConfigurations',
      icon: 'pi pi-barcode',
      order: 37,
    },
    { group: 'settings', path: '/logs', labelKey: 'menu.logs', icon: 'pi pi-history', order: 40 },
    {
      group: 'settings',
      path: '/system-events',
      labelKey: 'menu.systemEvents',
      icon: 'pi pi-bolt',
      order: 45,
      flags: ['admin'],
    },
    {
      group: 'settings',
      path: '/support-tickets',
      labelKey: 'menu.supportTickets',
      icon: 'pi pi-ticket',
      order: 50,
    },
    {
      group: 'settings',
      path: '/subscription-data',
      labelKey: 'menu.subscriptionData',
      icon: 'pi pi-id-card',
      order: 60,
    },
  ],
  messages: {},
};

/** A screen's path with its parameters filled: `pathTo('userEdit', { id })`. */
export function pathTo(screen: ShellScreen, params: Record<string, string> = {}): string {
  return shellPaths[screen].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
