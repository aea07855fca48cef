import { type ComponentType } from 'react';
import { type DocumentDef, type PermissionName } from '@erp/contracts';
import type { FeatureLocation } from '../contract';
import { KitStyles } from '../master-data/MasterDataScreen';
import { documentNewRoute, documentRoutesOf } from './manifest-parts';
import { DocumentList } from './DocumentList';
import { DocumentPage } from './DocumentPage';

export { saveBlob } from './DocumentAttachments';

type Mode = 'list' | 'new' | 'edit';

/** A page the saved document leads to (a manufacturing order's exchange order), shown with its permission. */
export interface DocumentLink {
  /** An i18n key with its namespace ('mfe_inventory:exchange.open'). */
  labelKey: string;
  icon: string;
  permission: PermissionName;
  to: (id: string) => string;
}

/**
 * The one document screen of every feature app (issue 4, item 1), driven by a `DocumentDef`: the list (server
 * paging, search after a one-second pause, date range, status and store filters) and the new and edit/{id}
 * pages (header, keyboard-first lines grid, values and totals, notes and reference number, attachments, print,
 * close for closable documents). A closed or referenced document, or any on the master branch, is read-only.
 */
export function DocumentScreen({
  doc,
  mode,
  location,
  links = [],
}: {
  doc: DocumentDef;
  mode: Mode;
  location: FeatureLocation;
  links?: readonly DocumentLink[];
}) {
  return (
    <>
      <KitStyles />
      {mode === 'list' ? (
        <DocumentList doc={doc} />
      ) : (
        <DocumentPage
          key={location.params.id ?? 'new'}
          doc={doc}
          id={mode === 'edit' ? location.params.id : undefined}
          links={links}
        />
      )}
    </>
  );
}

/**
 * The screens of a feature app's documents, keyed by route path as its manifest lists them (a jest test keeps
 * the two equal): the list, the new page and the edit page of each.
 */
export function documentScreens(
  docs: readonly DocumentDef[],
  options: { links?: Readonly<Record<string, readonly DocumentLink[]>> } = {},
): Record<string, ComponentType<{ location: FeatureLocation }>> {
  const screens: Record<string, ComponentType<{ location: FeatureLocation }>> = {};
  for (const doc of docs) {
    for (const route of documentRoutesOf(doc)) {
      const mode: Mode =
        route.path === doc.route ? 'list' : route.path === documentNewRoute(doc) ? 'new' : 'edit';
      const Screen = ({ location }: { location: FeatureLocation }) => (
        <DocumentScreen doc={doc} mode={mode} location={location} links={options.links?.[doc.name]} />
      );
      Screen.displayName = `Document(${doc.name}:${mode})`;
      screens[route.path] = Screen;
    }
  }
  return screens;
}
