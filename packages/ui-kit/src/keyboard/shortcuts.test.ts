import { shortcutOf } from './shortcuts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('saves with Ctrl+S, Cmd+S (any case) and F9', () => {
    expect(shortcutOf(key('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutOf(key('S', { ctrlKey: true, shiftKey: true }))).toBe('save');
    expect(shortcutOf(key('s', { metaKey: true }))).toBe('save');
    expect(shortcutOf(key('F9'))).toBe('save');
  });

  it('adds a line with F2 and leaves other keys alone', () => {
    expect(shortcutOf(key('F2'))).toBe('addLine');
    expect(shortcutOf(key('s'))).toBeNull();
    expect(shortcutOf(key('s', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(key('F2', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('Enter'))).toBeNull();
  });
});
