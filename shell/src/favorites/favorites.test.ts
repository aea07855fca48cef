import { addFavorite, favoritesSlice, findFavorite, loadFavorites, removeFavorite } from './favorites';

const reduce = favoritesSlice.reducer;
const fav = (id: string, routeUrl: string) => ({ id, routeUrl, title: routeUrl });

describe('favorites', () => {
  it('lists, adds once per route and removes', () => {
    let s = reduce(undefined, loadFavorites.fulfilled([fav('1', '/users')], 'r'));
    s = reduce(s, addFavorite.fulfilled(fav('2', '/branches'), 'r', { routeUrl: '/branches', title: '' }));
    s = reduce(s, addFavorite.fulfilled(fav('2', '/branches'), 'r', { routeUrl: '/branches', title: '' }));
    expect(s.items.map((f) => f.id)).toEqual(['1', '2']);
    s = reduce(s, removeFavorite.fulfilled('1', 'r', '1'));
    expect(s.items.map((f) => f.id)).toEqual(['2']);
  });

  it('finds the star of a page whatever its trailing slash, query or case', () => {
    const items = [fav('1', '/Users'), fav('2', '/branches/edit/7')];
    expect(findFavorite(items, '/users/')?.id).toBe('1');
    expect(findFavorite(items, '/users?page=2')?.id).toBe('1');
    expect(findFavorite(items, '/branches/edit/8')).toBeUndefined();
  });
});
