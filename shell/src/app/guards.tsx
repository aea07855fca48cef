import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from '@erp/router';
import type { PermissionName } from '@erp/contracts';
import { hasPermission } from '@erp/ui-kit/src/declare';
import { useShellSelector } from '../state/store';
import { HOME, LOGIN, NOT_FOUND } from './routing';
import { pathTo } from '../settings/shell-routes';
import { useRemotesSettled } from './manifests';

export function Loading() {
  const { t } = useTranslation('shell');
  return (
    <div className="erp-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('common.loading')}
    </div>
  );
}

/** Spec section 2: without a session token every route but the open ones goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useShellSelector((s) => s.session.token);
  return token ? <>{children}</> : <Navigate to={LOGIN} replace />;
}

/** Spec section 2: a route whose permission the user lacks goes to /error-404; admins bypass. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionName | null;
  children: ReactNode;
}) {
  const profile = useShellSelector((s) => s.session.profile);
  const allowed =
    profile !== null &&
    hasPermission({ isAdmin: profile.isAdmin, permissions: new Set(profile.permissions) }, permission);
  return allowed ? <>{children}</> : <Navigate to={NOT_FOUND} replace />;
}

/** A screen only admins may open (its API is admin-only): anyone else goes to /error-404 like a missing permission. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isAdmin = useShellSelector((s) => s.session.profile?.isAdmin ?? false);
  return isAdmin ? <>{children}</> : <Navigate to={NOT_FOUND} replace />;
}

/**
 * Spec section 2: a signed-in user opening /login goes home; after sign-in a new tenant without an invoice plan
 * goes to its default branch's start-up screen (startUp/{id}).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const profile = useShellSelector((s) => s.session.profile);
  const token = useShellSelector((s) => s.session.token);
  if (!token || !profile) return <>{children}</>;
  if (profile.isNewTenant && !profile.isInvoicePlan && profile.defaultBranchId) {
    return <Navigate to={pathTo('branchStartUp', { id: profile.defaultBranchId })} replace />;
  }
  return <Navigate to={HOME} replace />;
}

/**
 * Unknown paths: signed out → /login; signed in → /error-404, once every manifest has answered (a deep link to a
 * feature route must not 404 while its app is still loading).
 */
export function Unmatched() {
  const token = useShellSelector((s) => s.session.token);
  const settled = useRemotesSettled();
  if (!token) return <Navigate to={LOGIN} replace />;
  if (!settled) return <Loading />;
  return <Navigate to={NOT_FOUND} replace />;
}
