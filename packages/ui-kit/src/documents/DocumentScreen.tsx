import {
  screenRoute,
  screensOf,
  type DocumentDef,
  type DocumentScreenDef,
  type PermissionName,
} from '@erp/contracts';
import type { FeatureLocation } from '../contract';
import type { Screen } from '../feature';
import { KitStyles } from '../master-data/MasterDataScreen';
import { loadable } from '../loadable';

// The list and the form load apart: a form never fetches the list's DataTable and paginator, a list never the
// form's lines grid, pickers and calendar (issue 12, the first screen comes fast).
const spinner = <i className="pi pi-spin pi-spinner" aria-hidden="true" />;
const DocumentList = loadable(() => import('./DocumentList').then((m) => m.DocumentList), spinner);
/** The document page (a list's view dialog starts fetching it on its first opening, beside the dialog's own). */
export const DocumentPage = loadable(() => import('./DocumentPage').then((m) => m.DocumentPage), spinner);

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
  status,
}: {
  doc: DocumentDef;
  mode: Mode;
  location: FeatureLocation;
  links?: readonly DocumentLink[];
  /** The status the screen is bound to (the spec's closedVoucher lists posted vouchers only). */
  status?: string | undefined;
}) {
  return (
    <>
      <KitStyles />
      {mode === 'list' ? (
        <DocumentList doc={doc} status={status} />
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
 * the two equal): each type's screens by name (list, new and edit/{id} unless it declares its own).
 */
export function documentScreens(
  docs: readonly DocumentDef[],
  options: { links?: Readonly<Record<string, readonly DocumentLink[]>> } = {},
): Record<string, Screen> {
  const screens: Record<string, Screen> = {};
  for (const doc of docs) {
    for (const screen of screensOf(doc)) {
      const { mode, status }: DocumentScreenDef = screen;
      const Screen = ({ location }: { location: FeatureLocation }) => (
        <DocumentScreen
          doc={doc}
          mode={mode}
          status={status}
          location={location}
          links={options.links?.[doc.name]}
        />
      );
      Screen.displayName = `Document(${doc.name}:${screen.name})`;
      screens[screenRoute(doc, screen)] = Object.assign(Screen, {
        preload: mode === 'list' ? DocumentList.preload : DocumentPage.preload,
      });
    }
  }
  return screens;
}
