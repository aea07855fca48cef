import type { ServiceName } from '../http';
import type { BusinessFlag, FieldDef, MenuGroup } from '../master-data/declare';
import type { PermissionName } from '../permissions';
import { PAGE_SIZES } from '../lists';

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
  /** The line fields whose combination may not repeat (the header's store completes it); empty: lines may repeat. */
  lineKey: readonly string[];
  /**
   * The line's quantity and price fields, for the zero checks (spec section 5) and the totals. A document with
   * no quantity field carries none (a journal voucher's lines are accounts with debit and credit): no zero-quantity
   * rule, no quantity total.
   */
  quantityField?: string;
  priceField?: string;
  /**
   * A document that carries money (issue 14, deliverable 2): its lines hold `moneyLineFields` (price, discount,
   * tax category and rate) and its header `moneyHeaderFields` (a discount); the engine checks the money rules
   * with the others and keeps the totals computed in the one place where rounding lives (invoice-totals.ts).
   * Needs a quantity field.
   */
  money?: boolean;
  /**
   * Several payments on a money document (issue 14): rows of a payment method (`method`, a reference to what the
   * service keeps of them) and an amount, in `doc_<name>_payments`; the same method not twice; paid not above
   * the total except cash tendered with change. The paid status (fully, partly, not) derives from them.
   */
  payments?: { method: FieldDef };
  /**
   * The types whose documents convert into this one, partly or wholly (spec section 4: a quotation or a sales
   * order into an invoice). A converted document names its source (`source_type`, `source_id`) and each line
   * its source line (`source_line_no`); no line takes more than the source line has left, and the source, now
   * referenced, can no longer be changed or deleted.
   */
  convertsFrom?: readonly string[];
  /**
   * The statuses a source may be in to be converted (a return takes an issued invoice); without them, any status
   * its type does not lock.
   */
  convertsFromStatuses?: readonly string[];
  /**
   * A tax invoice or credit note (issue 14): once issued it holds its place in its issuing unit's chain (a UUID,
   * the unit's unbroken counter, the previous invoice's hash and its own, the time of issue), in its table's
   * `invoice_uuid`, `issue_unit`, `issue_counter`, `previous_hash`, `invoice_hash` and `issued_at`; its read shows
   * them (`issue`), for the print's QR code and for e-invoicing.
   */
  issueChain?: boolean;
  /** Zero quantities are findings here (a stocktaking count), not blocked by the zero rule. */
  allowZeroQuantity?: boolean;
  /** A document that is closed after confirmation and is then neither editable nor deletable (stocktaking). */
  closable?: boolean;
  /** Its own statuses (vouchers: unposted and posted); without them, open and closed. */
  statuses?: DocumentStatusesDef;
  /** Status changes by name (`POST {apiPath}/:id/{action}`), each posted through the service's hook. */
  transitions?: readonly DocumentTransition[];
  /** Its screens' routes by name; without them the spec's usual list, new and edit/{id}. */
  screens?: readonly DocumentScreenDef[];
  /** The message of a document without lines (vouchers: 'journal.noLines'); 'validation.atLeastOneItem' else. */
  emptyLinesCode?: string;
  /** The list's page sizes (spec section 9: vouchers 25, 50, 100, 500); the first is the default. */
  pageSizes?: readonly [number, ...number[]];
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
export const documentPaymentsTableOf = (doc: Pick<DocumentDef, 'name'>) => `${documentTableOf(doc)}_payments`;

/** A payment row's fields: the type's method field, and the amount (above zero, kept to four decimals). */
export const paymentFieldsOf = (doc: Pick<DocumentDef, 'payments'>): FieldDef[] =>
  doc.payments
    ? [
        { ...doc.payments.method, required: true },
        { name: 'amount', kind: 'decimal', required: true, minValue: 0, aboveMin: true, noRounding: true },
      ]
    : [];

/** How much of a document has been converted into others (spec section 4: used, child-linked). */
export const conversionStatuses = ['not', 'partly', 'wholly'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

/** How much of a money document is paid (spec section 4). */
export const paidStatuses = ['not', 'partly', 'fully'] as const;
export type PaidStatus = (typeof paidStatuses)[number];

/** A type's statuses: the first is a new document's; a locked one is neither changed nor deleted. */
export interface DocumentStatusesDef {
  values: readonly [string, ...string[]];
  locked: readonly string[];
  /** The refusal of a change to a locked document ('closedDocument' unless given: 'postedVoucher'). */
  lockedCode?: string;
  /** Statuses of documents that stand for nothing (cancelled): they take nothing of the document they convert. */
  void?: readonly string[];
}

/** The status changes a save may make at once (`then` on a create or change): not a close, which confirms. */
export const saveTransitionsOf = (doc: Pick<DocumentDef, 'name' | 'closable' | 'transitions'>) =>
  transitionsOf(doc).filter((t) => t.action !== 'close');

/** A status change: from any of `from` to `to`, after confirmation, with the document's effect posted again. */
export interface DocumentTransition {
  action: string;
  from: readonly string[];
  to: string;
  /**
   * A source converted in part may still take it (stopping a reservation): what was converted stays, the rest
   * will not be. A close always may.
   */
  endsSource?: boolean;
}

/**
 * A screen of a document type, bound by name: its path under the type's route ('' is the route itself, `:id`
 * the document), what it shows, the permission it needs, and for lists and pages of one status (the spec's
 * closedVoucher and closedVoucherEdit/{id}) that status.
 */
export interface DocumentScreenDef {
  name: string;
  path: string;
  mode: 'list' | 'new' | 'edit';
  permission: 'view' | 'add' | 'edit';
  status?: string;
}

/** The quantity field of a type that counts (stock documents); asking it of one that does not is a bug. */
export function quantityFieldOf(doc: Pick<DocumentDef, 'name' | 'quantityField'>): string {
  if (!doc.quantityField) throw new Error(`${doc.name} carries no quantity`);
  return doc.quantityField;
}

/** The stock documents' statuses, every type's unless it declares its own. */
export const documentStatuses = ['open', 'closed'] as const;
export const defaultStatuses: DocumentStatusesDef = { values: documentStatuses, locked: ['closed'] };
/** A status: one of the type's own (`statusesOf`). */
export type DocumentStatus = string;

export const statusesOf = (doc: Pick<DocumentDef, 'name' | 'statuses'>): DocumentStatusesDef =>
  doc.statuses ?? defaultStatuses;

/** Every status change of a type: a closable one's close, then the ones it declares. */
export function transitionsOf(
  doc: Pick<DocumentDef, 'name' | 'closable' | 'transitions'>,
): DocumentTransition[] {
  return [
    ...(doc.closable ? [{ action: 'close', from: ['open'], to: 'closed', endsSource: true }] : []),
    ...(doc.transitions ?? []),
  ];
}

export const defaultDocumentScreens: readonly DocumentScreenDef[] = [
  { name: 'list', path: '', mode: 'list', permission: 'view' },
  { name: 'new', path: 'new', mode: 'new', permission: 'add' },
  { name: 'edit', path: 'edit/:id', mode: 'edit', permission: 'edit' },
];

/** The list's page sizes: the type's own, else the spec's general ones. */
export const pageSizesOf = (doc: Pick<DocumentDef, 'pageSizes'>): readonly number[] =>
  doc.pageSizes ?? PAGE_SIZES;

export const screensOf = (doc: Pick<DocumentDef, 'name' | 'screens'>): readonly DocumentScreenDef[] =>
  doc.screens ?? defaultDocumentScreens;

/** A screen's full route pattern (`/vouchers/closedVoucherEdit/:id`). */
export const screenRoute = (doc: Pick<DocumentDef, 'route'>, screen: Pick<DocumentScreenDef, 'path'>) =>
  screen.path ? `${doc.route}/${screen.path}` : doc.route;

/** Where a screen named `name` is, with the document's id filled in; an unknown name is a programming error. */
export function documentScreenPath(
  doc: Pick<DocumentDef, 'name' | 'route' | 'screens'>,
  name: string,
  id?: string,
): string {
  const screen = screensOf(doc).find((s) => s.name === name);
  if (!screen) throw new Error(`no screen ${name}`);
  const route = screenRoute(doc, screen);
  return id === undefined ? route : route.replace(':id', encodeURIComponent(id));
}

/** The page that opens a document in the given status: the edit screen bound to it, else the general one. */
export function editScreenFor(doc: Pick<DocumentDef, 'name' | 'screens'>, status: string): DocumentScreenDef {
  const edits = screensOf(doc).filter((s) => s.mode === 'edit');
  return edits.find((s) => s.status === status) ?? edits.find((s) => !s.status) ?? edits[0]!;
}

/** Attachments of a document (spec section 5: files up to 5 MB). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
