import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkExtra } from './extra';
import { remotesSlice } from './remotes';
import { sessionSlice } from './session';
import { loadPersisted, savePersisted } from './storage';
import { uiSlice } from './ui';
import { workspaceSlice } from './workspace';
import { favoritesSlice } from '../favorites/favorites';
import { themeSlice } from '../theme/theme';

/** The shell's Redux store: session and UI state (design.md section 7), persisted per spec section 7. */
export function createShellStore(extra: ThunkExtra) {
  const persisted = loadPersisted();
  const store = configureStore({
    reducer: {
      session: sessionSlice.reducer,
      ui: uiSlice.reducer,
      workspace: workspaceSlice.reducer,
      remotes: remotesSlice.reducer,
      theme: themeSlice.reducer,
      favorites: favoritesSlice.reducer,
    },
    preloadedState: {
      session: {
        token: persisted.token,
        profile: persisted.profile,
        branchId: persisted.branchId,
        fiscalYear: persisted.fiscalYear,
      },
      ui: {
        ...uiSlice.getInitialState(),
        ...(persisted.language ? { language: persisted.language } : {}),
      },
      theme: { ...themeSlice.getInitialState(), ...(persisted.theme ? { prefs: persisted.theme } : {}) },
    },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
  store.subscribe(() => {
    const { session, ui, theme } = store.getState();
    savePersisted({
      token: session.token,
      profile: session.profile,
      language: ui.language,
      branchId: session.branchId,
      fiscalYear: session.fiscalYear,
      theme: theme.prefs,
    });
  });
  return store;
}

export type ShellStore = ReturnType<typeof createShellStore>;
export type ShellState = ReturnType<ShellStore['getState']>;
export type ShellDispatch = ShellStore['dispatch'];

export const useShellDispatch = useDispatch.withTypes<ShellDispatch>();
export const useShellSelector = useSelector.withTypes<ShellState>();
