import { useMemo } from 'react';
import type { PermissionName } from '@erp/contracts/src/permissions';
import { hasPermission } from '@erp/ui-kit/src/declare';
import { useShellSelector } from '../state/store';

/** `can(permission)` for the signed-in user (admins bypass; spec section 6). */
export function useCan(): (permission: PermissionName | null) => boolean {
  const profile = useShellSelector((s) => s.session.profile);
  return useMemo(() => {
    const access = { isAdmin: profile?.isAdmin ?? false, permissions: new Set(profile?.permissions ?? []) };
    return (permission) => profile !== null && hasPermission(access, permission);
  }, [profile]);
}
