import { z } from 'zod';
import { idSchema } from '../common';
import { nonNegativeDecimal } from '../decimal-schema';
import { access, defineRoutes } from '../http';
import { Permission as P } from '../permissions';

/** A safe transaction (spec section 3): a cashier's shift on a safe, open or closed (spec section 3, statuses). */
export const safeTransactionStatuses = ['open', 'closed'] as const;
export type SafeTransactionStatus = (typeof safeTransactionStatuses)[number];

/**
 * A shift as the screens show it, with the spec's fields: opening balance, actual balance (the counted cash),
 * deficit, close date, net sales, cash, other payment, returns. While open, the figures are those of the shift so
 * far; once closed they are fixed. Amounts are exact decimal strings.
 */
export const safeTransactionSchema = z.object({
  id: idSchema,
  code: z.string(),
  branchId: z.string(),
  safeId: z.string(),
  userId: z.string(),
  status: z.enum(safeTransactionStatuses),
  openedAt: z.string(),
  openingBalance: z.string(),
  /** Issued invoices' totals less issued returns' (with VAT). */
  netSales: z.string(),
  /** Cash taken on invoices, net of the change handed back. */
  cash: z.string(),
  /** What invoices were paid by every other method (card, transfer...). */
  otherPayment: z.string(),
  /** Issued returns' totals (with VAT). */
  returns: z.string(),
  /** Cash paid back on returns. */
  cashReturns: z.string(),
  invoices: z.number().int(),
  returnDocuments: z.number().int(),
  /** Opening balance + cash − cash paid back on returns: what the drawer should hold. */
  expectedCash: z.string(),
  /** The counted cash (null while open). */
  actualBalance: z.string().nullable(),
  /** Expected − actual: positive a deficit, negative a surplus (null while open). */
  deficit: z.string().nullable(),
  closeDate: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** The names of the safe, the user and the branch, for the screens and the Z report. */
  names: z.record(z.string(), z.object({ arabicName: z.string(), englishName: z.string() })).default({}),
});
export type SafeTransaction = z.infer<typeof safeTransactionSchema>;

export const openSafeTransactionInput = z.object({
  safeId: idSchema,
  openingBalance: nonNegativeDecimal,
});
export type OpenSafeTransactionInput = z.input<typeof openSafeTransactionInput>;

export const closeSafeTransactionInput = z.object({ actualBalance: nonNegativeDecimal });
export type CloseSafeTransactionInput = z.input<typeof closeSafeTransactionInput>;

/**
 * The safe transactions' routes (/api/SafeTransactions). The list is the spec's /safe-transaction
 * (viewSafeTransactions) and closing its /safe-transaction/close/{id} (closeSafes). Opening a shift is the
 * cashier's own act at the start of selling, so it takes the point of sale's right (addSalesTransactions), as
 * does reading one's own open shift and the safes to open on; the close screen reads a shift with closeSafes.
 */
export const safeTransactionRoutes = defineRoutes({
  list: {
    method: 'get',
    path: '/api/SafeTransactions',
    service: 'sales',
    access: access.permission(P.viewSafeTransactions),
    tag: 'SafeTransactions',
    summary: "Shifts of the caller's branches (or the one asked for), newest first",
    query: z.object({
      status: z.enum(safeTransactionStatuses).optional(),
      branchId: idSchema.optional(),
    }),
    response: z.array(safeTransactionSchema),
  },
  current: {
    method: 'get',
    path: '/api/SafeTransactions/current',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'SafeTransactions',
    summary: "The caller's open shift with its figures so far (null: none open)",
    response: z.object({ shift: safeTransactionSchema.nullable() }),
  },
  safes: {
    method: 'get',
    path: '/api/SafeTransactions/safes',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'SafeTransactions',
    summary:
      "The active safes a shift may open on: the caller's branches' (accounts' safes as sales keeps them)",
    response: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        arabicName: z.string(),
        englishName: z.string(),
        branchId: z.string(),
      }),
    ),
  },
  open: {
    method: 'post',
    path: '/api/SafeTransactions',
    service: 'sales',
    access: access.permission(P.addSalesTransactions),
    tag: 'SafeTransactions',
    summary:
      "Open the caller's shift on a safe of the branch with an opening balance (one open shift a user)",
    status: 201,
    body: openSafeTransactionInput,
    response: safeTransactionSchema,
  },
  get: {
    method: 'get',
    path: '/api/SafeTransactions/:id',
    service: 'sales',
    access: access.permission(P.closeSafes),
    tag: 'SafeTransactions',
    summary: 'A shift with its figures (so far while open)',
    params: z.object({ id: idSchema }),
    response: safeTransactionSchema,
  },
  close: {
    method: 'post',
    path: '/api/SafeTransactions/:id/close',
    service: 'sales',
    access: access.permission(P.closeSafes),
    tag: 'SafeTransactions',
    summary:
      'Close a shift with the counted cash: its figures fixed, the deficit (or surplus) sent to the ledger; again: the same answer',
    params: z.object({ id: idSchema }),
    body: closeSafeTransactionInput,
    response: safeTransactionSchema,
  },
});
