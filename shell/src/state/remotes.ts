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
  },
});

export const { configLoaded, configFailed, remoteLoading, manifestLoaded, remoteFailed } =
  remotesSlice.actions;
