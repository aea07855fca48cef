import { useMemo } from 'react';
import { visibleMenu } from '@erp/ui-kit/src/declare';
import { useManifests } from '../app/manifests';
import { shellManifest } from '../settings/shell-routes';
import { useShellSelector } from '../state/store';
import { NO_BUSINESS_TYPES } from '../state/workspace';

/**
 * The menu's groups and entries: the shell's own screens (Settings) and the loaded manifests', gated by
 * permission and by the company's business-type flags (spec section 2). Shared by both layouts.
 */
export function useMenuGroups() {
  const manifests = useManifests();
  const profile = useShellSelector((s) => s.session.profile);
  const businessTypes = useShellSelector((s) => s.workspace.company?.businessTypes ?? NO_BUSINESS_TYPES);
  return useMemo(
    () =>
      profile
        ? visibleMenu(
            [shellManifest, ...manifests],
            { isAdmin: profile.isAdmin, permissions: new Set(profile.permissions) },
            businessTypes,
          )
        : [],
    [manifests, profile, businessTypes],
  );
}
