import { signedOut } from '../state/session';
import { DEFAULT_THEME, normaliseTheme, themeChanged, themeSlice, themeSynced } from './theme';

const reduce = themeSlice.reducer;

describe('theme preferences (issue 3: remembered per user)', () => {
  it('starts from the server defaults', () => {
    expect(reduce(undefined, { type: 'init' }).prefs).toEqual(DEFAULT_THEME);
  });

  it('changes one choice at a time and keeps the others', () => {
    let s = reduce(undefined, themeChanged({ skin: 'dark' }));
    s = reduce(s, themeChanged({ layout: 'horizontal', menuCollapsed: true }));
    expect(s.prefs).toEqual({ ...DEFAULT_THEME, skin: 'dark', layout: 'horizontal', menuCollapsed: true });
  });

  it('takes the server choices for a user and forgets the sync on sign-out', () => {
    let s = reduce(undefined, themeSynced({ userId: 'u1', theme: { ...DEFAULT_THEME, skin: 'semi-dark' } }));
    expect(s.syncedFor).toBe('u1');
    expect(s.prefs.skin).toBe('semi-dark');
    s = reduce(s, signedOut());
    expect(s.syncedFor).toBeNull();
    expect(s.prefs.skin).toBe('semi-dark');
  });

  it('replaces unknown or missing values with the defaults', () => {
    expect(normaliseTheme({ skin: 'neon', navbarType: 'hidden', menuCollapsed: 'yes' })).toEqual({
      ...DEFAULT_THEME,
      navbarType: 'hidden',
    });
    expect(normaliseTheme(null)).toEqual(DEFAULT_THEME);
    expect(reduce(undefined, themeChanged({ footerType: 'floating' as never })).prefs.footerType).toBe(
      'static',
    );
  });
});
