import type { User } from '@erp/contracts';
import { AppError, hasPermission, type Principal } from '@erp/service-kit';
import type { UserFields } from '../persistence/users.repository';

/** The per-user rights of spec section 6 that are flags on the user, granted like permissions. */
const FLAG_RIGHTS = [
  'canExceedOriginalQuantity',
  'canRaisePriceAboveSalesPrice',
  'canSaveInvoiceWithRemainder',
] as const;

/**
 * What a non-admin user manager may do to another user (issue 9 item 2): only admins grant admin or change an
 * admin; nobody grants a permission, a branch or a per-user right they do not hold themselves; setting a
 * password through the users screen is its own right. Rights the target already had stay untouched.
 * `actor` is the caller's own record (flags and discount are not in the token).
 */
export function checkGrants(
  principal: Principal,
  actor: User | null,
  before: User | null,
  next: UserFields,
  setsPassword: boolean,
): void {
  if (principal.isAdmin) return;
  if (next.isAdmin || before?.isAdmin) throw new AppError(403, 'onlyAdminGrantsAdmin');
  if (before && setsPassword && !hasPermission(principal, 'editUsersPassword'))
    throw new AppError(403, 'cannotChangeOthersPassword');
  const had = new Set(before?.permissions ?? []);
  const added = next.permissions.filter((p) => !had.has(p));
  const unheld = added.some((p) => !principal.permissions.has(p));
  const hadBranches = new Set(before?.branches ?? []);
  // an empty branch list means every branch (spec section 6), which a restricted manager cannot give
  const own = principal.branches;
  const widens =
    own.length > 0 &&
    (next.branches.length === 0 || next.branches.some((b) => !hadBranches.has(b) && !own.includes(b)));
  const flags = FLAG_RIGHTS.some((f) => next[f] && !before?.[f] && !actor?.[f]);
  const discount =
    actor !== null &&
    Number(next.maxAllowedDiscount) > Number(before?.maxAllowedDiscount ?? 0) &&
    Number(next.maxAllowedDiscount) > Number(actor.maxAllowedDiscount);
  if (unheld || widens || flags || discount) throw new AppError(403, 'cannotGrantUnheldPermission');
}
