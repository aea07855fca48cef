import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../state/extra';
import { signedOut } from '../state/session';

/** A starred page (spec section 3: favorite route, routeUrl and title). */
export interface Favorite {
  id: string;
  routeUrl: string;
  title: string;
}

export interface FavoritesState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: Favorite[];
}

type Config = { extra: ThunkExtra };

export const loadFavorites = createAsyncThunk<Favorite[], void, Config>('favorites/load', (_arg, { extra }) =>
  extra.api.get<Favorite[]>('FavoriteRoutes', undefined, { quiet: true }),
);

export const addFavorite = createAsyncThunk<Favorite, { routeUrl: string; title: string }, Config>(
  'favorites/add',
  (input, { extra }) => extra.api.post<Favorite>('FavoriteRoutes', input),
);

export const removeFavorite = createAsyncThunk<string, string, Config>(
  'favorites/remove',
  async (id, { extra }) => {
    await extra.api.del('FavoriteRoutes', id);
    return id;
  },
);

/** Normalises a path for comparison: no trailing slash, no query, case-insensitive (paths are). */
export function routeKey(path: string): string {
  const p = path.split(/[?#]/)[0] ?? '';
  return (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();
}

export function findFavorite(items: readonly Favorite[], path: string): Favorite | undefined {
  const key = routeKey(path);
  return items.find((f) => routeKey(f.routeUrl) === key);
}

export const favoritesSlice = createSlice({
  name: 'favorites',
  initialState: { status: 'idle', items: [] } as FavoritesState,
  reducers: {
    favoritesCleared() {
      return { status: 'idle', items: [] } as FavoritesState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => ({ status: 'idle', items: [] }) as FavoritesState)
      .addCase(loadFavorites.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadFavorites.fulfilled, (_state, action) => ({ status: 'ready', items: action.payload }))
      .addCase(loadFavorites.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(addFavorite.fulfilled, (state, action) => {
        // the server answers the existing star for a route starred twice
        state.items = [...state.items.filter((f) => f.id !== action.payload.id), action.payload];
      })
      .addCase(removeFavorite.fulfilled, (state, action) => {
        state.items = state.items.filter((f) => f.id !== action.payload);
      });
  },
});

export const { favoritesCleared } = favoritesSlice.actions;
