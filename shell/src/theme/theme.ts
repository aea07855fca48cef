import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../state/session';

/**
 * The theme customizer's choices (issue 3), remembered per user through /api/UserPreferences and kept locally
 * so the page opens in the user's theme before the server answers. The values mirror the contracts'
 * `themePreferences` (kept as literals here: the contracts' zod schemas stay out of the first bundle).
 */
export const layouts = ['vertical', 'horizontal'] as const;
export const navbarTypes = ['floating', 'sticky', 'static', 'hidden'] as const;
export const footerTypes = ['sticky', 'static', 'hidden'] as const;
export const skins = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export const routerTransitions = ['fadeIn', 'zoomFade', 'fadeInLeft', 'none'] as const;

export interface ThemePreferences {
  layout: (typeof layouts)[number];
  menuCollapsed: boolean;
  navbarType: (typeof navbarTypes)[number];
  footerType: (typeof footerTypes)[number];
  skin: (typeof skins)[number];
  routerTransition: (typeof routerTransitions)[number];
}

export const DEFAULT_THEME: ThemePreferences = {
  layout: 'vertical',
  menuCollapsed: false,
  navbarType: 'floating',
  footerType: 'static',
  skin: 'light',
  routerTransition: 'fadeIn',
};

export interface ThemeState {
  prefs: ThemePreferences;
  /** The user whose server-side choices were read this session; null until they were. */
  syncedFor: string | null;
  customizerOpen: boolean;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** Whatever came from storage or the server, as valid preferences: unknown values fall back to the defaults. */
export function normaliseTheme(raw: unknown): ThemePreferences {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    layout: oneOf(layouts, r.layout, DEFAULT_THEME.layout),
    menuCollapsed: typeof r.menuCollapsed === 'boolean' ? r.menuCollapsed : DEFAULT_THEME.menuCollapsed,
    navbarType: oneOf(navbarTypes, r.navbarType, DEFAULT_THEME.navbarType),
    footerType: oneOf(footerTypes, r.footerType, DEFAULT_THEME.footerType),
    skin: oneOf(skins, r.skin, DEFAULT_THEME.skin),
    routerTransition: oneOf(routerTransitions, r.routerTransition, DEFAULT_THEME.routerTransition),
  };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: { prefs: DEFAULT_THEME, syncedFor: null, customizerOpen: false } as ThemeState,
  reducers: {
    /** A choice in the customizer (or the menu's collapse button). */
    themeChanged(state, action: PayloadAction<Partial<ThemePreferences>>) {
      state.prefs = normaliseTheme({ ...state.prefs, ...action.payload });
    },
    /** The user's remembered choices arrived from the server. */
    themeSynced(state, action: PayloadAction<{ userId: string; theme: unknown }>) {
      state.prefs = normaliseTheme(action.payload.theme);
      state.syncedFor = action.payload.userId;
    },
    customizerToggled(state, action: PayloadAction<boolean | undefined>) {
      state.customizerOpen = action.payload ?? !state.customizerOpen;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.syncedFor = null;
      state.customizerOpen = false;
    });
  },
});

export const { themeChanged, themeSynced, customizerToggled } = themeSlice.actions;
