import { isPermissionName, type PermissionName } from '@erp/contracts/src/declare';
import { languages } from '@erp/i18n';
import {
  MANIFEST_VERSION,
  menuFlags,
  menuGroups,
  type BusinessFlag,
  type FeatureManifest,
  type FeatureMessages,
  type FeatureRoute,
  type MenuEntry,
  type MenuFlag,
} from './contract';

export class ManifestError extends Error {
  constructor(remote: string, problem: string) {
    super(`manifest of ${remote}: ${problem}`);
    this.name = 'ManifestError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function permissionOf(remote: string, value: unknown, where: string): PermissionName | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && isPermissionName(value)) return value;
  throw new ManifestError(remote, `${where}: unknown permission ${JSON.stringify(value)}`);
}

/** The path without its parameters, for matching menu entries to routes: '/vouchers/edit/:id' → '/vouchers/edit'. */
export function staticPrefix(path: string): string {
  const i = path.indexOf('/:');
  return i < 0 ? path : path.slice(0, i);
}

/**
 * Checks a manifest that arrived over the network from a separately deployed app. A manifest that breaks the
 * contract is refused as a whole (the shell shows the remote as failed); a menu entry whose path is not one of
 * the app's routes is dropped, so the sidebar never leads nowhere.
 */
export function parseManifest(expectedName: string, raw: unknown): FeatureManifest {
  const value = isRecord(raw) && isRecord(raw.default) && !('routes' in raw) ? raw.default : raw;
  if (!isRecord(value)) throw new ManifestError(expectedName, 'not an object');
  if (value.version !== MANIFEST_VERSION) {
    throw new ManifestError(expectedName, `version ${String(value.version)}, expected ${MANIFEST_VERSION}`);
  }
  if (value.name !== expectedName) {
    throw new ManifestError(expectedName, `name ${String(value.name)} does not match`);
  }
  if (!Array.isArray(value.routes) || !Array.isArray(value.menu)) {
    throw new ManifestError(expectedName, 'routes and menu must be lists');
  }
  const routes: FeatureRoute[] = value.routes.map((r: unknown, i) => {
    if (!isRecord(r) || typeof r.path !== 'string' || !r.path.startsWith('/')) {
      throw new ManifestError(expectedName, `route ${i}: path must start with '/'`);
    }
    if (typeof r.titleKey !== 'string' || !r.titleKey) {
      throw new ManifestError(expectedName, `route ${r.path}: titleKey missing`);
    }
    const layout = r.layout === undefined ? 'vertical' : r.layout;
    if (layout !== 'vertical' && layout !== 'full') {
      throw new ManifestError(expectedName, `route ${r.path}: layout ${String(layout)}`);
    }
    return {
      path: r.path,
      permission: permissionOf(expectedName, r.permission, `route ${r.path}`),
      layout,
      titleKey: r.titleKey,
    };
  });
  const paths = new Set(routes.map((r) => staticPrefix(r.path)));
  const menu: MenuEntry[] = [];
  value.menu.forEach((m: unknown, i) => {
    if (!isRecord(m) || typeof m.path !== 'string' || typeof m.labelKey !== 'string') {
      throw new ManifestError(expectedName, `menu ${i}: path and labelKey are required`);
    }
    if (!(menuGroups as readonly unknown[]).includes(m.group)) {
      throw new ManifestError(expectedName, `menu ${m.path}: unknown group ${String(m.group)}`);
    }
    const flags = m.flags ?? [];
    const anyFlags = m.anyFlags ?? [];
    const known = (list: unknown) =>
      Array.isArray(list) && list.every((f) => (menuFlags as readonly unknown[]).includes(f));
    if (!known(flags) || !known(anyFlags)) {
      throw new ManifestError(expectedName, `menu ${m.path}: unknown flag`);
    }
    if (!paths.has(m.path)) return; // leads nowhere: dropped
    menu.push({
      group: m.group as MenuEntry['group'],
      path: m.path,
      labelKey: m.labelKey,
      icon: typeof m.icon === 'string' ? m.icon : 'pi pi-circle',
      permission: 'permission' in m ? permissionOf(expectedName, m.permission, `menu ${m.path}`) : undefined,
      flags: flags as MenuFlag[],
      ...((anyFlags as MenuFlag[]).length ? { anyFlags: anyFlags as MenuFlag[] } : {}),
      order: typeof m.order === 'number' ? m.order : 0,
    });
  });
  const messages: FeatureMessages = {};
  if (isRecord(value.messages)) {
    for (const language of languages) {
      const bundle = value.messages[language];
      if (isRecord(bundle)) {
        messages[language] = Object.fromEntries(
          Object.entries(bundle).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
      }
    }
  }
  return { version: MANIFEST_VERSION, name: expectedName, routes, menu, messages };
}

export interface Access {
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
}

/** The element check of spec section 6: admins bypass; a null permission is open to every signed-in user. */
export function hasPermission(access: Access, permission: PermissionName | null | undefined): boolean {
  if (access.isAdmin || permission === null || permission === undefined) return true;
  return access.permissions.has(permission);
}

/** Whether a menu entry's flags hold for this company and user (spec section 2). */
export function flagsHold(
  flags: readonly MenuFlag[] | undefined,
  businessTypes: Readonly<Record<BusinessFlag, boolean>>,
  isAdmin: boolean,
): boolean {
  return (flags ?? []).every((flag) => flagHolds(flag, businessTypes, isAdmin));
}

function flagHolds(flag: MenuFlag, businessTypes: Readonly<Record<BusinessFlag, boolean>>, isAdmin: boolean) {
  if (flag === 'admin') return isAdmin;
  if (flag === 'notForConcrete') return !businessTypes.concrete;
  return businessTypes[flag];
}

/** Any-of flags (a menu entry's `anyFlags`): at least one must hold; none listed means no condition. */
export function anyFlagHolds(
  flags: readonly MenuFlag[] | undefined,
  businessTypes: Readonly<Record<BusinessFlag, boolean>>,
  isAdmin: boolean,
): boolean {
  return !flags?.length || flags.some((flag) => flagHolds(flag, businessTypes, isAdmin));
}

export interface VisibleMenuEntry extends MenuEntry {
  remote: string;
}

/**
 * The sidebar: every entry of every loaded manifest the user may see, grouped in the spec's order. An entry is
 * gated by its own permission when it names one, else by its route's.
 */
export function visibleMenu(
  manifests: readonly FeatureManifest[],
  access: Access,
  businessTypes: Readonly<Record<BusinessFlag, boolean>>,
): { group: MenuEntry['group']; entries: VisibleMenuEntry[] }[] {
  const entries: VisibleMenuEntry[] = [];
  for (const manifest of manifests) {
    for (const entry of manifest.menu) {
      const route = manifest.routes.find((r) => staticPrefix(r.path) === entry.path);
      if (!route) continue;
      const permission = entry.permission !== undefined ? entry.permission : route.permission;
      if (!hasPermission(access, permission)) continue;
      if (!flagsHold(entry.flags, businessTypes, access.isAdmin)) continue;
      if (!anyFlagHolds(entry.anyFlags, businessTypes, access.isAdmin)) continue;
      entries.push({ ...entry, remote: manifest.name });
    }
  }
  return menuGroups
    .map((group) => ({
      group,
      entries: entries.filter((e) => e.group === group).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
    }))
    .filter((g) => g.entries.length > 0);
}
