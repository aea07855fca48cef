import { useMemo } from 'react';
import { visibleMenu } from '@erp/ui-kit/src/declare';
import { useManifests, useRemotesSettled } from '../app/manifests';
import { shellManifest } from '../settings/shell-routes';
import { useShellSelector } from '../state/store';
import { NO_BUSINESS_TYPES } from '../state/workspace';

/**
 * The menu's groups and entries: the shell's own screens (Settings) and the loaded manifests', gated by
 * permission and by the company's business-type flags (spec section 2). Shared by both layouts.
 *
 * Shown whole, once every manifest answered and the company's flags came: groups filled in one app at a time
 * pushed the groups below them down as each answered (Lighthouse: a layout shift of 0.117 on the home page).
 * A reload of the company (a branch or the company saved) keeps the menu as it is meanwhile.
 */
export function useMenuGroups() {
  const manifests = useManifests();
  const profile = useShellSelector((s) => s.session.profile);
  const businessTypes = useShellSelector((s) => s.workspace.company?.businessTypes ?? NO_BUSINESS_TYPES);
  const remotesSettled = useRemotesSettled();
  const companyKnown = useShellSelector(
    (s) => s.workspace.company !== null || s.workspace.status === 'ready' || s.workspace.status === 'failed',
  );
  const ready = remotesSettled && companyKnown;
  return useMemo(
    () =>
      profile && ready
        ? visibleMenu(
            [shellManifest, ...manifests],
            { isAdmin: profile.isAdmin, permissions: new Set(profile.permissions) },
            businessTypes,
          )
        : [],
    [manifests, profile, businessTypes, ready],
  );
}
