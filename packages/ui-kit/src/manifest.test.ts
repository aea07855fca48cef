import { MANIFEST_VERSION, type BusinessFlag, type FeatureManifest } from './contract';
import {
  anyFlagHolds,
  flagsHold,
  hasPermission,
  ManifestError,
  parseManifest,
  staticPrefix,
  visibleMenu,
} from './manifest';

const none: Record<BusinessFlag, boolean> = {
  restaurant: false,
  concrete: false,
  carShowroom: false,
  priceLists: false,
  mediatorSystems: false,
  contractsAndConstruction: false,
  taxEInvoicing: false,
  points: false,
};

function raw(overrides: Record<string, unknown> = {}) {
  return {
    version: MANIFEST_VERSION,
    name: 'mfe_accounts',
    routes: [
      { path: '/vouchers', permission: 'viewVouchers', titleKey: 'vouchers' },
      { path: '/vouchers/edit/:id', permission: 'editVouchers', titleKey: 'vouchers' },
      { path: '/tables', permission: 'viewTables', titleKey: 'tables' },
      { path: '/cementTypes', permission: 'viewCementTypes', titleKey: 'cement' },
    ],
    menu: [
      { group: 'accounts', path: '/vouchers', labelKey: 'vouchers', icon: 'pi pi-book', order: 2 },
      { group: 'accounts', path: '/vouchers/edit', labelKey: 'edit', icon: 'pi pi-pencil', order: 1 },
      { group: 'mainData', path: '/tables', labelKey: 'tables', icon: 'pi pi-table', flags: ['restaurant'] },
      { group: 'concrete', path: '/cementTypes', labelKey: 'cement', icon: 'pi pi-box', flags: ['concrete'] },
      { group: 'accounts', path: '/nowhere', labelKey: 'nowhere', icon: 'pi pi-times' },
    ],
    messages: { ar: { vouchers: 'القيود' }, en: { vouchers: 'Vouchers', bad: 3 }, xx: { a: 'b' } },
    ...overrides,
  };
}

describe('parseManifest', () => {
  it('accepts a manifest, drops the entries that lead nowhere and foreign languages', () => {
    const m = parseManifest('mfe_accounts', raw());
    expect(m.routes).toHaveLength(4);
    expect(m.routes[0]).toEqual({
      path: '/vouchers',
      permission: 'viewVouchers',
      layout: 'vertical',
      titleKey: 'vouchers',
    });
    expect(m.menu.map((e) => e.path)).toEqual(['/vouchers', '/vouchers/edit', '/tables', '/cementTypes']);
    expect(m.messages).toEqual({ ar: { vouchers: 'القيود' }, en: { vouchers: 'Vouchers' } });
  });

  it('reads a module namespace with a default export', () => {
    expect(parseManifest('mfe_accounts', { default: raw() }).name).toBe('mfe_accounts');
  });

  it.each([
    ['another version', { version: 2 }],
    ['another name', { name: 'mfe_sales' }],
    ['an unknown permission', { routes: [{ path: '/x', permission: 'viewEverything', titleKey: 't' }] }],
    ['a relative path', { routes: [{ path: 'x', permission: null, titleKey: 't' }] }],
    ['an unknown group', { menu: [{ group: 'misc', path: '/vouchers', labelKey: 'v' }] }],
    ['an unknown flag', { menu: [{ group: 'sales', path: '/vouchers', labelKey: 'v', flags: ['x'] }] }],
    [
      'a layout the shell does not have',
      { routes: [{ path: '/x', permission: null, titleKey: 't', layout: 'h' }] },
    ],
  ])('refuses %s', (_what, overrides) => {
    expect(() => parseManifest('mfe_accounts', raw(overrides))).toThrow(ManifestError);
  });

  it('refuses what is not a manifest at all', () => {
    expect(() => parseManifest('mfe_accounts', null)).toThrow(ManifestError);
    expect(() => parseManifest('mfe_accounts', 'manifest')).toThrow(ManifestError);
  });
});

describe('permissions and flags (spec sections 2 and 6)', () => {
  it('lets admins and open routes through, others by name', () => {
    const clerk = { isAdmin: false, permissions: new Set(['viewVouchers']) };
    expect(hasPermission(clerk, 'viewVouchers')).toBe(true);
    expect(hasPermission(clerk, 'gLPost')).toBe(false);
    expect(hasPermission(clerk, null)).toBe(true);
    expect(hasPermission({ isAdmin: true, permissions: new Set() }, 'gLPost')).toBe(true);
  });

  it('checks business-type, admin and not-for-concrete flags', () => {
    expect(flagsHold(['restaurant'], { ...none, restaurant: true }, false)).toBe(true);
    expect(flagsHold(['restaurant'], none, true)).toBe(false);
    expect(flagsHold(['admin'], none, false)).toBe(false);
    expect(flagsHold(['admin'], none, true)).toBe(true);
    expect(flagsHold(['notForConcrete'], { ...none, concrete: true }, true)).toBe(false);
    expect(flagsHold(undefined, none, false)).toBe(true);
  });

  it('builds the sidebar in the spec order, gated by permission and flags', () => {
    const manifest = parseManifest('mfe_accounts', raw()) as FeatureManifest;
    const clerk = { isAdmin: false, permissions: new Set(['viewVouchers', 'viewTables']) };
    const menu = visibleMenu([manifest], clerk, { ...none, restaurant: true });
    expect(menu.map((g) => [g.group, g.entries.map((e) => e.path)])).toEqual([
      ['mainData', ['/tables']],
      ['accounts', ['/vouchers']],
    ]);
    const admin = visibleMenu(
      [manifest],
      { isAdmin: true, permissions: new Set() },
      { ...none, concrete: true },
    );
    expect(admin.map((g) => g.group)).toEqual(['concrete', 'accounts']);
    expect(admin.find((g) => g.group === 'accounts')!.entries.map((e) => e.path)).toEqual([
      '/vouchers/edit',
      '/vouchers',
    ]);
    expect(admin[0]!.entries[0]!.remote).toBe('mfe_accounts');
  });

  it('reads any-of flags: an entry shows when at least one holds (cars: concrete OR car showroom)', () => {
    expect(anyFlagHolds(['concrete', 'carShowroom'], { ...none, carShowroom: true }, false)).toBe(true);
    expect(anyFlagHolds(['concrete', 'carShowroom'], { ...none, concrete: true }, false)).toBe(true);
    expect(anyFlagHolds(['concrete', 'carShowroom'], none, true)).toBe(false);
    expect(anyFlagHolds([], none, false)).toBe(true);
    expect(anyFlagHolds(undefined, none, false)).toBe(true);
    const manifest = parseManifest(
      'mfe_accounts',
      raw({
        menu: [
          {
            group: 'mainData',
            path: '/tables',
            labelKey: 't',
            icon: 'pi pi-car',
            anyFlags: ['concrete', 'carShowroom'],
          },
          {
            group: 'concrete',
            path: '/cementTypes',
            labelKey: 'c',
            icon: 'pi pi-box',
            flags: ['concrete'],
            anyFlags: ['restaurant', 'admin'],
          },
        ],
      }),
    );
    expect(manifest.menu[0]!.anyFlags).toEqual(['concrete', 'carShowroom']);
    const admin = { isAdmin: true, permissions: new Set<string>() };
    const paths = (types: Record<BusinessFlag, boolean>, who = admin) =>
      visibleMenu([manifest], who, types).flatMap((g) => g.entries.map((e) => e.path));
    expect(paths(none)).toEqual([]);
    expect(paths({ ...none, carShowroom: true })).toEqual(['/tables']);
    expect(paths({ ...none, concrete: true })).toEqual(['/tables', '/cementTypes']);
    expect(
      paths(
        { ...none, concrete: true },
        { isAdmin: false, permissions: new Set(['viewTables', 'viewCementTypes']) },
      ),
    ).toEqual(['/tables']);
    expect(() =>
      parseManifest(
        'mfe_accounts',
        raw({ menu: [{ group: 'mainData', path: '/tables', labelKey: 't', anyFlags: ['x'] }] }),
      ),
    ).toThrow(ManifestError);
  });

  it('reads the static part of a parameterised path', () => {
    expect(staticPrefix('/vouchers/edit/:id')).toBe('/vouchers/edit');
    expect(staticPrefix('/vouchers')).toBe('/vouchers');
  });
});
