import { documentScreenPath, screenRoute, screensOf, type DocumentDef } from '@erp/contracts/src/declare';
import type { FeatureRoute, MenuEntry } from '../contract';

/**
 * What a feature app's manifest says about its documents, derived from their declarations (`documentsOf`
 * of @erp/contracts): the spec's list, new and edit/{id} routes with the view, add and edit permissions, the
 * sidebar entry of the document's group and icon, and the names in the six languages. React-free.
 */
/** The route of a type's screen named `name` (pattern, `:id` unfilled); the spec's new and edit/{id} by default. */
export const documentNewRoute = (doc: Pick<DocumentDef, 'name' | 'route' | 'screens'>) =>
  documentScreenPath(doc, 'new');
export const documentEditRoute = (doc: Pick<DocumentDef, 'name' | 'route' | 'screens'>) =>
  documentScreenPath(doc, 'edit');

/** A type's screens as routes, bound by name (the vouchers' list, new, edit/{id}, closedVoucher, closedVoucherEdit/{id}). */
export function documentRoutesOf(doc: DocumentDef): FeatureRoute[] {
  return screensOf(doc).map((screen) => ({
    path: screenRoute(doc, screen),
    permission: doc.permissions[screen.permission],
    layout: 'vertical',
    titleKey: doc.name,
  }));
}

export function documentMenuEntry(doc: DocumentDef, order: number): MenuEntry {
  return {
    group: doc.menu.group,
    path: doc.route,
    labelKey: doc.name,
    icon: doc.menu.icon,
    flags: [],
    ...(doc.menu.flags?.length ? { anyFlags: [...doc.menu.flags] } : {}),
    order,
  };
}
