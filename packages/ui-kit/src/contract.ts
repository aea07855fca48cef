/**
 * The contract between the shell and a feature app (design.md section 7). A feature app's public API is its
 * `exposes` map: `./manifest` (a {@link FeatureManifest}) and `./lifecycles` (single-spa parcel lifecycles whose
 * props are {@link FeatureProps}). Both sides import these types; nothing else crosses the boundary.
 */
import type { ApiClient } from '@erp/api-client';
import type { PermissionName } from '@erp/contracts';
import type { Language } from '@erp/i18n';

/** Bumped when the shape below changes incompatibly; the shell refuses a manifest of another version. */
export const MANIFEST_VERSION = 1;

/** The sidebar's groups, in the spec's order (section 2, 'Sidebar menu groups'). */
export const menuGroups = [
  'statistics',
  'mainData',
  'items',
  'concrete',
  'dealers',
  'sales',
  'purchase',
  'stores',
  'inventory',
  'assets',
  'accounts',
  'settings',
  'reports',
] as const;
export type MenuGroup = (typeof menuGroups)[number];

/**
 * Business-type flags gating menu entries (spec section 2). The first eight are the company's
 * `businessTypes` switches; 'admin' needs an admin user; 'notForConcrete' hides an entry from concrete plants.
 */
export const menuFlags = [
  'restaurant',
  'concrete',
  'carShowroom',
  'priceLists',
  'mediatorSystems',
  'contractsAndConstruction',
  'taxEInvoicing',
  'points',
  'admin',
  'notForConcrete',
] as const;
export type MenuFlag = (typeof menuFlags)[number];
export type BusinessFlag = Exclude<MenuFlag, 'admin' | 'notForConcrete'>;

/** Full-page routes hide the sidebar and navbar (spec section 2, layouts). */
export type RouteLayout = 'vertical' | 'full';

export interface FeatureRoute {
  /** The spec's path, unchanged; react-router syntax for parameters: '/vouchers/edit/:id'. */
  path: string;
  /** The route's meta permission; null when any signed-in user may open it. Admins bypass. */
  permission: PermissionName | null;
  layout?: RouteLayout;
  /** Key in the app's own messages for the page title. */
  titleKey: string;
}

export interface MenuEntry {
  group: MenuGroup;
  /** Must be one of the app's route paths (without parameters); the shell drops entries that lead nowhere. */
  path: string;
  /** Key in the app's own messages. */
  labelKey: string;
  /** A PrimeIcons class, e.g. 'pi pi-wallet'. */
  icon: string;
  /** The menu's permission when it differs from the route's (the spec names a few, e.g. /loyalty-points). */
  permission?: PermissionName | null;
  /** Every flag must hold for the entry to show. */
  flags?: readonly MenuFlag[];
  /** At least one of these flags must hold (e.g. cars: concrete OR car showroom); empty or absent: no condition. */
  anyFlags?: readonly MenuFlag[];
  /** Position inside its group; lower first. */
  order?: number;
}

/** Translations a feature app ships for the labels the shell renders for it (menu entries, titles). */
export type FeatureMessages = Partial<Record<Language, Record<string, string>>>;

export interface FeatureManifest {
  version: typeof MANIFEST_VERSION;
  /** The Module Federation name, 'mfe_<x>'. */
  name: string;
  routes: readonly FeatureRoute[];
  menu: readonly MenuEntry[];
  messages: FeatureMessages;
}

export interface SessionUser {
  userId: string;
  userName: string;
  fullName: string;
  isAdmin: boolean;
  permissions: readonly string[];
}

export interface BranchInfo {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
  decimalDigits: number;
  isMaster: boolean;
  /** The branch's default store and customer (spec section 5): a new sales document starts with them. */
  defaultStoreId?: string | null;
  defaultCustomerId?: string | null;
}

/** The chosen fiscal year; `year: null` is the all-years entry (spec section 6). */
export interface FiscalYearInfo {
  year: number | null;
  startDate: string;
  endDate: string;
}

export type NotifySeverity = 'success' | 'info' | 'warn' | 'error';

/**
 * What the shell gives a feature app. Feature apps never read the shell's storage: everything about the session
 * arrives here and changes arrive as new props (single-spa's parcel update).
 */
export interface FeatureContext {
  user: SessionUser;
  /** Admins bypass every permission check (spec section 6). */
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
  /** True when the user may use the permission (admin, or holds it, or null permission). */
  can(permission: PermissionName | null | undefined): boolean;
  branch: BranchInfo | null;
  /** The branches the user may work in (StartUp), for branch references; absent in older shells. */
  branches?: readonly BranchInfo[];
  fiscalYear: FiscalYearInfo | null;
  businessTypes: Readonly<Record<BusinessFlag, boolean>>;
  language: Language;
  dir: 'rtl' | 'ltr';
  /** The user's setting: the Umm al-Qura Hijri date beside the Gregorian one (issue 10 item 9); absent in older shells. */
  showHijri?: boolean;
  /** The branch's decimal digits for amounts (spec section 5); 2 until a branch is known. */
  decimals: number;
  api: ApiClient;
  /** A toast (3 s) or, for errors, the spec's alert (2 s); texts are already translated by the caller. */
  notify(severity: NotifySeverity, summary: string, detail?: string): void;
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** The route the shell matched, handed to the feature app beside the context. */
export interface FeatureLocation {
  /** The manifest route's path pattern, e.g. '/vouchers/edit/:id'. */
  route: string;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  search: string;
}

/** The props of a feature app's parcel. */
export interface FeatureProps {
  context: FeatureContext;
  location: FeatureLocation;
}
