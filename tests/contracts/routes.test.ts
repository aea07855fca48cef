import {
  allPermissions,
  allRoutes,
  identityRoutes,
  isPermissionName,
  permissionGroups,
} from '@erp/contracts';
import { identityModule } from '@erp/identity';
import { createLogger, type ServiceDeps } from '@erp/service-kit';

describe('permissions (spec sections 2 and 6)', () => {
  it('lists every name once, in the spec spelling', () => {
    expect(new Set(allPermissions).size).toBe(allPermissions.length);
    for (const name of [
      'viewUsers',
      'gLPost',
      'closeSafes',
      'useMediatorSystem',
      'editCompany',
      'viewResturantOrders',
      'viewAllFiscalYears',
      'viewFiscalYears',
    ]) {
      expect(isPermissionName(name)).toBe(true);
    }
    expect(allPermissions.every((p) => /^[a-z][A-Za-z]+$/.test(p))).toBe(true);
    expect(Object.keys(permissionGroups)).toContain('settings');
  });
});

describe('the route registry', () => {
  it('gives every route an access rule and one owner, with no two routes on one method and path', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of allRoutes) {
      expect(['public', 'authenticated', 'permission', 'admin', 'provider']).toContain(r.access.kind);
      if (r.access.kind === 'permission') expect(isPermissionName(r.access.name)).toBe(true);
      expect(r.path.startsWith('/api/')).toBe(true);
    }
  });

  it('keeps the spec paths of section 7', () => {
    const paths = allRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    for (const p of [
      'POST /api/Users/auth',
      'GET /api/aggregates/StartUp',
      'GET /api/FiscalYears',
      'GET /api/FavoriteRoutes',
      'POST /api/SupportTicket',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('has identity implement exactly its contract routes, each through the guarded router', () => {
    const deps = { logger: createLogger('test'), env: {} } as unknown as ServiceDeps;
    const bound = identityModule.routes(deps).map((b) => b.spec);
    expect(new Set(bound)).toEqual(new Set(Object.values(identityRoutes)));
  });
});
