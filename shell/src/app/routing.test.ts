import { MANIFEST_VERSION, type FeatureManifest } from '@erp/ui-kit/src/contract';
import { featureRoutes, isOpenPath } from './routing';

const manifest = (name: string, paths: string[]): FeatureManifest => ({
  version: MANIFEST_VERSION,
  name,
  routes: paths.map((path) => ({ path, permission: null, titleKey: 't' })),
  menu: [],
  messages: {},
});

describe('routing (spec section 2)', () => {
  it('opens only sign-in, shareInvoice, SmartMenu and ForgetPassword without a session', () => {
    expect(isOpenPath('/shareInvoice/12')).toBe(true);
    expect(isOpenPath('/SmartMenu')).toBe(true);
    expect(isOpenPath('/forgetpassword')).toBe(true);
    expect(isOpenPath('/shareInvoices')).toBe(false);
    expect(isOpenPath('/vouchers')).toBe(false);
  });

  it("builds the route table from the manifests; the first claim wins and shell paths stay the shell's", () => {
    const table = featureRoutes([
      manifest('mfe_accounts', ['/vouchers', '/vouchers/edit/:id', '/login']),
      manifest('mfe_sales', ['/Vouchers', '/invoice-list', '/error-404', '/']),
    ]);
    expect(table.map((e) => `${e.remote} ${e.route.path}`)).toEqual([
      'mfe_accounts /vouchers',
      'mfe_accounts /vouchers/edit/:id',
      'mfe_sales /invoice-list',
    ]);
  });
});
