import type { EntityDef } from '@erp/contracts/src/declare';
import type { FeatureRoute, MenuEntry } from '../contract';

/**
 * What a feature app's manifest says about its master-data entities, derived from their declarations
 * (`entitiesOf(service)` of @erp/contracts): routes, sidebar entries and their labels. React-free, so the
 * manifest the shell loads first stays small; the screens themselves are `masterDataScreens`. The names in six
 * languages are the manifest's alone (manifest-messages.ts): a screen fetches its own language's.
 */

/** The spec lists new and edit/{id} pages only for these lists (section 2); the others edit in a dialog. */
export const FORM_PAGE_ROUTES: readonly string[] = ['/cars', '/drivers', '/discount-types'];

export function hasFormPages(entity: Pick<EntityDef, 'route'>): boolean {
  return FORM_PAGE_ROUTES.includes(entity.route);
}

export const newRouteOf = (entity: Pick<EntityDef, 'route'>) => `${entity.route}/new`;
export const editRouteOf = (entity: Pick<EntityDef, 'route'>) => `${entity.route}/edit/:id`;

/** The route paths an entity's screens answer: its list, and its new and edit pages where the spec has them. */
export function masterDataRoutes(entity: EntityDef): FeatureRoute[] {
  const list: FeatureRoute = {
    path: entity.route,
    permission: entity.permissions.view,
    layout: 'vertical',
    titleKey: entity.name,
  };
  if (!hasFormPages(entity)) return [list];
  return [
    list,
    { ...list, path: newRouteOf(entity), permission: entity.permissions.add },
    { ...list, path: editRouteOf(entity), permission: entity.permissions.edit },
  ];
}

/**
 * The sidebar entry: the entity's menu group and icon; its business-type flags are any-of (cars show for a
 * concrete plant or a car showroom).
 */
export function masterDataMenuEntry(entity: EntityDef, order: number): MenuEntry {
  return {
    group: entity.menu.group,
    path: entity.route,
    labelKey: entity.name,
    icon: entity.menu.icon,
    flags: [],
    ...(entity.menu.flags?.length ? { anyFlags: [...entity.menu.flags] } : {}),
    order,
  };
}
