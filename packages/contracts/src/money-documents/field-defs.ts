import type { FieldDef } from '../master-data/declare';
import { taxCategories } from './tax-categories';

// The declarations of money documents (documents/sales.ts) read these fields alone: kept apart from the money
// rules (fields.ts, invoice-totals.ts and decimal.js), so a screen that reads the declarations, a feature app's
// menu and routes, does not fetch the arithmetic (issue 12: a screen fetches what it uses).

/** How a discount is given (spec section 2: discount as a percentage or a value). */
export const discountKinds = ['percentage', 'value'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/**
 * The fields of a money document's lines beyond item, unit, store and quantity (issue 14, deliverable 2): the
 * unit price without VAT, a discount, and the tax category with its rate. Prices and discounts keep four
 * decimals whatever the branch shows: the totals are rounded in one place (invoice-totals.ts), never here.
 */
export const moneyLineFields: readonly FieldDef[] = [
  { name: 'price', kind: 'decimal', minValue: 0, noRounding: true },
  { name: 'discountType', kind: 'enum', options: discountKinds },
  { name: 'discount', kind: 'decimal', minValue: 0, noRounding: true },
  { name: 'taxCategory', kind: 'enum', options: taxCategories, required: true },
  { name: 'taxRate', kind: 'decimal', minValue: 0, maxValue: 100, noRounding: true },
];

/** The document's own discount (an allowance on the lines' net). */
export const moneyHeaderFields: readonly FieldDef[] = [
  { name: 'discountType', kind: 'enum', options: discountKinds },
  { name: 'discount', kind: 'decimal', minValue: 0, noRounding: true },
];
