import { useMemo } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import type { FeatureManifest } from '@erp/ui-kit/src/declare';
import type { ShellState } from '../state/store';
import { useShellSelector } from '../state/store';
import { featureRoutes } from './routing';

export const selectManifests = createSelector(
  [(s: ShellState) => s.remotes.order, (s: ShellState) => s.remotes.byName],
  (order, byName): FeatureManifest[] =>
    order.map((name) => byName[name]?.manifest).filter((m): m is FeatureManifest => m != null),
);

export function useManifests(): FeatureManifest[] {
  return useShellSelector(selectManifests);
}

export function useFeatureRouteTable() {
  const manifests = useManifests();
  return useMemo(() => featureRoutes(manifests), [manifests]);
}

/** True once the remotes config and every manifest answered (loaded or failed). */
export function useRemotesSettled(): boolean {
  return useShellSelector(
    (s) =>
      s.remotes.config !== 'loading' && Object.values(s.remotes.byName).every((r) => r.status !== 'loading'),
  );
}
