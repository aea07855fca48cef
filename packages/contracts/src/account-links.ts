import { z } from 'zod';
import { idSchema } from './common';

/**
 * A branch's links to accounting accounts (spec section 3, branch): which account each posting rule of the
 * accounts service debits or credits for documents of this branch. Ids of accounts, or null while not linked.
 */
export const accountLinkNames = [
  'cash',
  'banks',
  'receivables',
  'payables',
  'sales',
  'salesReturns',
  'vatOutput',
  'vatInput',
  'inventory',
  'costOfGoodsSold',
  'discountsAllowed',
  'discountsReceived',
  'shortage',
  'overflow',
  'damage',
  'commissions',
  'stockReceipts',
  'stockIssues',
  'goodsInTransit',
] as const;
export type AccountLinkName = (typeof accountLinkNames)[number];

const link = idSchema.nullable().default(null);

export const branchAccountLinks = z.object({
  cash: link,
  banks: link,
  receivables: link,
  payables: link,
  sales: link,
  salesReturns: link,
  vatOutput: link,
  vatInput: link,
  inventory: link,
  costOfGoodsSold: link,
  discountsAllowed: link,
  discountsReceived: link,
  shortage: link,
  overflow: link,
  damage: link,
  commissions: link,
  /** The offset of stock received without a purchase (addition orders). */
  stockReceipts: link,
  /** The expense of stock issued for the business's own use (exchange orders). */
  stockIssues: link,
  /** Stock between two stores (transfers). */
  goodsInTransit: link,
}) satisfies z.ZodType<Record<AccountLinkName, string | null>>;
export type BranchAccountLinks = z.infer<typeof branchAccountLinks>;

export const noAccountLinks: BranchAccountLinks = branchAccountLinks.parse({});

/** The links automatic posting needs: all of them (spec section 4, 'automatic posting'). */
export function missingAccountLinks(
  links: Partial<Record<AccountLinkName, string | null>>,
): AccountLinkName[] {
  return accountLinkNames.filter((name) => !links[name]);
}

/**
 * The default chart's account (its starter key's name, `account.<name>`) each link of a new tenant's branches
 * names, so posting works out of the box.
 */
export const defaultAccountLinkKeys: Readonly<Record<AccountLinkName, string>> = {
  cash: 'mainSafe',
  banks: 'mainBank',
  receivables: 'customers',
  payables: 'suppliers',
  sales: 'sales',
  salesReturns: 'salesReturns',
  vatOutput: 'vatOutput',
  vatInput: 'vatInput',
  inventory: 'merchandise',
  costOfGoodsSold: 'costOfGoodsSold',
  discountsAllowed: 'discountsAllowed',
  discountsReceived: 'discountsReceived',
  shortage: 'inventoryShortage',
  overflow: 'inventoryOverflow',
  damage: 'inventoryDamage',
  commissions: 'salesCommissions',
  stockReceipts: 'ownerCurrent',
  stockIssues: 'otherGeneralExpenses',
  goodsInTransit: 'goodsInTransit',
};
