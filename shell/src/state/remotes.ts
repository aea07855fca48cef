import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FeatureManifest } from '@erp/ui-kit/src/declare';

export type RemoteStatus = 'loading' | 'ready' | 'failed';

export interface RemoteState {
  name: string;
  entry: string;
  status: RemoteStatus;
  manifest: FeatureManifest | null;
  error: string | null;
}

/** The feature apps of the run-time remotes config and how far each got (design.md section 7). */
export interface RemotesState {
  config: 'loading' | 'ready' | 'failed';
  byName: Record<string, RemoteState>;
  order: string[];
}

export const remotesSlice = createSlice({
  name: 'remotes',
  initialState: { config: 'loading', byName: {}, order: [] } as RemotesState,
  reducers: {
    configLoaded(_state, action: PayloadAction<Record<string, string>>): RemotesState {
      return {
        config: 'ready',
        order: Object.keys(action.payload),
        byName: Object.fromEntries(
          Object.entries(action.payload).map(([name, entry]) => [
            name,
            { name, entry, status: 'loading', manifest: null, error: null } as RemoteState,
          ]),
        ),
      };
    },
    configFailed(state) {
      state.config = 'failed';
    },
    remoteLoading(state, action: PayloadAction<string>) {
      const r = state.byName[action.payload];
      if (r) Object.assign(r, { status: 'loading', error: null });
    },
    manifestLoaded(state, action: PayloadAction<FeatureManifest>) {
      const r = state.byName[action.payload.name];
      if (r) Object.assign(r, { status: 'ready', manifest: action.payload, error: null });
    },
    remoteFailed(state, action: PayloadAction<{ name: string; error: string }>) {
      const r = state.byName[action.payload.name];
      if (r) Object.assign(r, { status: 'failed', error: action.payload.error });
    },
    /** Several manifests (or failures) at once: one render of the menu and the page for all of them. */
    manifestsSettled(state, action: PayloadAction<ManifestOutcome[]>) {
      for (const o of action.payload) {
        const r = state.byName[o.name];
        if (!r) continue;
        if (o.manifest) Object.assign(r, { status: 'ready', manifest: o.manifest, error: null });
        else Object.assign(r, { status: 'failed', error: o.error ?? '' });
      }
    },
  },
});

/** What loading one feature app's manifest came to. */
export interface ManifestOutcome {
  name: string;
  manifest?: FeatureManifest;
  error?: string;
}

export const { configLoaded, configFailed, remoteLoading, manifestLoaded, remoteFailed, manifestsSettled } =
  remotesSlice.actions;
