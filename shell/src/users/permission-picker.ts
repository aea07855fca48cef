import { permissionGroups, type PermissionGroup, type PermissionName } from '@erp/contracts/src/permissions';

/**
 * The users screen's permission picker (spec section 6): the permission names grouped by area, with select-all
 * per group. The fiscal-year permissions are chosen apart, as the user's fiscal-year permission.
 */
export const FISCAL_YEAR_PERMISSIONS = ['viewAllFiscalYears', 'viewFiscalYears'] as const;

/** Spec section 6: all years plus the all-years entry, pick a year, or only the first year. */
export type FiscalYearAccess = 'all' | 'pick' | 'first';
export const fiscalYearAccessOptions: readonly FiscalYearAccess[] = ['all', 'pick', 'first'];

export interface PickerGroup {
  group: PermissionGroup;
  permissions: readonly PermissionName[];
}

export function pickerGroups(): PickerGroup[] {
  return (Object.keys(permissionGroups) as PermissionGroup[])
    .map((group) => ({
      group,
      permissions: (permissionGroups[group] as readonly PermissionName[]).filter(
        (p) => !(FISCAL_YEAR_PERMISSIONS as readonly string[]).includes(p),
      ),
    }))
    .filter((g) => g.permissions.length > 0);
}

export type GroupState = 'all' | 'some' | 'none';

export function groupState(selected: ReadonlySet<string>, group: PickerGroup): GroupState {
  const n = group.permissions.filter((p) => selected.has(p)).length;
  return n === 0 ? 'none' : n === group.permissions.length ? 'all' : 'some';
}

/** Select-all (or none) for one group; the other groups' choices are kept, the order is stable. */
export function setGroup(selected: readonly string[], group: PickerGroup, on: boolean): string[] {
  const inGroup = new Set<string>(group.permissions);
  const rest = selected.filter((p) => !inGroup.has(p));
  return on ? [...rest, ...group.permissions] : rest;
}

export function setPermission(selected: readonly string[], permission: string, on: boolean): string[] {
  const rest = selected.filter((p) => p !== permission);
  return on ? [...rest, permission] : rest;
}

export function fiscalYearAccessOf(permissions: readonly string[]): FiscalYearAccess {
  if (permissions.includes('viewAllFiscalYears')) return 'all';
  if (permissions.includes('viewFiscalYears')) return 'pick';
  return 'first';
}

/** The permission list with the fiscal-year choice written into it as the spec's permission names. */
export function withFiscalYearAccess(permissions: readonly string[], access: FiscalYearAccess): string[] {
  const rest = permissions.filter((p) => !(FISCAL_YEAR_PERMISSIONS as readonly string[]).includes(p));
  if (access === 'all') return [...rest, 'viewAllFiscalYears'];
  if (access === 'pick') return [...rest, 'viewFiscalYears'];
  return rest;
}

/**
 * How a permission is named on screen: the spec's names are a verb (view, add, edit) plus an entity; a few are
 * special (closeSafes, gLPost, useMediatorSystem) and are named whole.
 */
export function permissionParts(
  name: string,
): { verb: 'view' | 'add' | 'edit'; entity: string } | { special: string } {
  const m = /^(view|add|edit)([A-Z]\w*)$/.exec(name);
  return m ? { verb: m[1] as 'view' | 'add' | 'edit', entity: m[2]! } : { special: name };
}

/** Case-insensitive filter of a group's permissions by their shown label. */
export function filterGroup(
  group: PickerGroup,
  label: (p: PermissionName) => string,
  text: string,
): PickerGroup {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return group;
  return { ...group, permissions: group.permissions.filter((p) => label(p).toLocaleLowerCase().includes(q)) };
}
