import type { ServiceName } from '../http';
import type { BusinessFlag, FieldDef, MenuGroup } from '../master-data/declare';
import type { PermissionName } from '../permissions';

/**
 * The document engine's declarations (issue 4, item 1). A document type is declared once: its header and line
 * fields, the fields that name stores, its statuses and permissions. From it come the zod schemas (the form
 * and the service parse the same), the HTTP routes, the tables, and the list and form screens. The spec's
 * document rules of section 5 are written once here and in the service kit's document store.
 */
export interface DocumentDef {
  /** Camel name; i18n key `documents.<name>`; tables `doc_<name>`. */
  name: string;
  service: ServiceName;
  /** The spec's screen path, unchanged. */
  route: string;
  apiPath: string;
  /** Where the spec names no add permission (addition orders), saving a new one needs the edit permission. */
  permissions: { view: PermissionName; add: PermissionName; edit: PermissionName };
  /** Header fields beyond the common ones (code, date, notes, reference number). */
  header: readonly FieldDef[];
  lines: readonly FieldDef[];
  /** Header fields naming a store: each is required (spec section 5: 'a store must be selected'). */
  storeFields: readonly string[];
  /** Two header fields that may not hold the same value (source and destination stores). */
  differentFields?: readonly [string, string];
  /** The line fields whose combination may not repeat (the header's store completes it). */
  lineKey: readonly string[];
  /** The line's quantity and price fields, for the zero checks (spec section 5) and the totals. */
  quantityField: string;
  priceField?: string;
  /** Zero quantities are findings here (a stocktaking count), not blocked by the zero rule. */
  allowZeroQuantity?: boolean;
  /** A document that is closed after confirmation and is then neither editable nor deletable (stocktaking). */
  closable?: boolean;
  /** Its lines count a store (stocktaking): the form shows book quantities and can list every item held. */
  countSheet?: boolean;
  menu: { group: MenuGroup; icon: string; flags?: readonly BusinessFlag[] };
}

export function defineDocument<const D extends DocumentDef>(doc: D): D {
  return doc;
}

export const documentTableOf = (doc: Pick<DocumentDef, 'name'>) =>
  `doc_${doc.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
export const documentLinesTableOf = (doc: Pick<DocumentDef, 'name'>) => `${documentTableOf(doc)}_lines`;

export const documentStatuses = ['open', 'closed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** Attachments of a document (spec section 5: files up to 5 MB). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
