import type { ServiceName } from '../http';
import type { PermissionName } from '../permissions';

/**
 * The master-data engine's declarations (issue 3, item 6). An entity is declared once here: its fields,
 * permissions, unique keys, references and menu entry. From the declaration come its zod schemas (server
 * parsing and client forms), its HTTP routes, its table, its list columns and its form.
 *
 * This file holds the declarations only, free of zod: what a manifest and the shell's first paint need
 * (issue 3); `define.ts` derives the schemas and routes.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'decimal'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'reference'
  | 'references'
  | 'phone'
  | 'email'
  | 'iban'
  | 'taxNumber'
  | 'date'
  | 'secret'
  | 'lines';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Text length limit (default 200; textarea 1000). */
  max?: number;
  /** Numeric bounds (decimal and integer); `aboveMin` makes the lower bound exclusive ('more than zero'). */
  minValue?: number;
  aboveMin?: boolean;
  maxValue?: number;
  /** Unique per tenant: a second record with the same value is a 409. */
  unique?: boolean;
  /** The entity a reference points at: an entity of the same service, or a replica ('branches', 'users'). */
  reference?: string;
  options?: readonly string[];
  /** Shown as a list column (sortable and filterable there). */
  list?: boolean;
  /** Searched by search-as-you-type. */
  search?: boolean;
  /** Decimal inputs are rounded to the branch's digits except the spec's exceptions (section 5). */
  noRounding?: boolean;
  defaultValue?: string | number | boolean | null | readonly string[];
  /**
   * A new record's reference left empty names the first referenced record with these values (issue 12 item 9:
   * a new item's tax is the standard VAT category), on the server and as the form's starting value.
   */
  defaultWhere?: Readonly<Record<string, string | number | boolean>>;
  /** Text of exactly this many digits (the balance-item scale code: five, spec section 9). */
  digits?: number;
  /** `lines`: the fields of each line (a child table), the fields whose combination may not repeat in one
   *  record, and the most lines a record may hold. */
  lineFields?: readonly FieldDef[];
  lineKey?: readonly string[];
  maxLines?: number;
  /** Filled by the engine (a tree's level): sent values are replaced, and the form shows it read-only. */
  computed?: boolean;
  /**
   * A field of these businesses (a car showroom's chassis number): shown only where the company has one of them,
   * and `required` there only, checked by the service against the company's business types.
   */
  flags?: readonly BusinessFlag[];
}

/** A rule across fields of one record, run by the form and by the service with the same message key. */
export interface FieldCheck {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}
export type EntityCheck = (input: Record<string, unknown>) => FieldCheck[];

export type MenuGroup =
  | 'statistics'
  | 'mainData'
  | 'items'
  | 'concrete'
  | 'dealers'
  | 'sales'
  | 'purchase'
  | 'stores'
  | 'inventory'
  | 'assets'
  | 'accounts'
  | 'settings'
  | 'reports';

/** Business-type flags of spec section 2 that gate menu entries. */
export type BusinessFlag =
  | 'restaurant'
  | 'concrete'
  | 'carShowroom'
  | 'priceLists'
  | 'mediatorSystems'
  | 'contractsAndConstruction'
  | 'taxEInvoicing'
  | 'points'
  | 'admin'
  | 'notForConcrete';

/**
 * A tree of records of one entity (spec section 5: a sub-account needs a parent; no record is its own parent
 * or takes a descendant as parent; a record with children cannot be deleted). Declared once here, enforced by
 * the master-data engine for every tree: accounts, account groups, cost centers, item categories.
 */
export interface TreeDef {
  /** The reference field, to the entity itself, naming a record's parent. */
  parent: string;
  /** A boolean field marking a sub-record: a sub-record needs a parent. */
  sub?: string;
  /** A `computed` integer field the engine fills with the record's depth (1 at the root). */
  level?: string;
  /** The level may not exceed the branch's maximum account level (spec section 3, branch). */
  maxLevel?: 'branchAccountLevel';
  /** The list screen shows the records as a tree (the kit's tree screen) rather than a table. */
  view?: 'tree';
}

/** The maximum account level where a branch has none recorded (identity's default). */
export const DEFAULT_MAX_ACCOUNT_LEVEL = 6;

/**
 * The spec's Excel migration of a list (section 7: `/api/data-migration/<name>`, GET a workbook, POST one to
 * import): the workbook's columns, each a field's name, or a header `key` for a `field` where they differ (a
 * reference is named by the code or a name of its record: the column 'category' fills `categoryId`).
 */
export interface DataMigrationDef {
  /** The spec's name in the path: 'Items', 'Customers'. */
  name: string;
  columns: readonly (string | { key: string; field: string })[];
}

export const dataMigrationPathOf = (entity: Pick<EntityDef, 'dataMigration'>) =>
  `/api/data-migration/${entity.dataMigration?.name ?? ''}`;

export interface EntityDef {
  /** Kebab-free camel name, also the i18n label key (`entities.<name>`). */
  name: string;
  service: ServiceName;
  /** The spec's screen path, unchanged. */
  route: string;
  /** The API collection path. */
  apiPath: string;
  /** The route's permission names; null where the spec names none (any signed-in user). */
  permissions: { view: PermissionName | null; add: PermissionName | null; edit: PermissionName | null };
  fields: readonly FieldDef[];
  menu: { group: MenuGroup; icon: string; flags?: readonly BusinessFlag[] };
  /** Rules across fields (min < sales < max price ...), on the client and the server. */
  checks?: EntityCheck;
  /** The records form a tree (see `TreeDef`). */
  tree?: TreeDef;
  /** Excel import and export at `/api/data-migration/<name>` (see `DataMigrationDef`). */
  dataMigration?: DataMigrationDef;
}

export function defineEntity<const E extends EntityDef>(entity: E): E {
  return entity;
}

export const tableOf = (entity: Pick<EntityDef, 'name'>) =>
  `md_${entity.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The child table of a `lines` field: `md_items_units` for the units of items. */
export const linesTableOf = (entity: Pick<EntityDef, 'name'>, field: string) =>
  `${tableOf(entity)}_${columnOf(field)}`;

/** IBAN: country, check digits, up to 30 alphanumerics, with the ISO 13616 mod-97 check. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
