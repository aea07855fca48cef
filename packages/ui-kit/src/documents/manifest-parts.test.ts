import { Permission as P, defineDocument, storageTransfers } from '@erp/contracts';
import { documentTotals, readOnlyReason } from './document-model';
import { documentScreens } from './DocumentScreen';
import { documentsManifest } from './manifest-messages';
import { documentEditRoute, documentNewRoute, documentRoutesOf } from './manifest-parts';

/** A voucher-like type: no quantity, unposted and posted, the spec's voucher screens by name. */
const vouchers = defineDocument({
  name: 'storageTransfers', // a name with labels in the six languages: the test is about routes, not texts
  service: 'accounts',
  route: '/vouchers',
  apiPath: '/api/TestVouchers',
  permissions: { view: P.viewVouchers, add: P.addVouchers, edit: P.editVouchers },
  header: [],
  storeFields: [],
  lines: [
    { name: 'accountId', kind: 'text', required: true },
    { name: 'debit', kind: 'decimal' },
    { name: 'credit', kind: 'decimal' },
  ],
  lineKey: [],
  statuses: { values: ['unposted', 'posted'], locked: [] },
  screens: [
    { name: 'list', path: '', mode: 'list', permission: 'view', status: 'unposted' },
    { name: 'new', path: 'new', mode: 'new', permission: 'add' },
    { name: 'edit', path: 'edit/:id', mode: 'edit', permission: 'edit', status: 'unposted' },
    { name: 'closedVoucher', path: 'closedVoucher', mode: 'list', permission: 'view', status: 'posted' },
    {
      name: 'closedVoucherEdit',
      path: 'closedVoucherEdit/:id',
      mode: 'edit',
      permission: 'edit',
      status: 'posted',
    },
  ],
  menu: { group: 'accounts', icon: 'pi pi-book' },
});

describe('document screens bound by name', () => {
  it("routes a type's own screens with their permissions, and the screens registry matches", () => {
    expect(documentRoutesOf(vouchers).map((r) => [r.path, r.permission])).toEqual([
      ['/vouchers', 'viewVouchers'],
      ['/vouchers/new', 'addVouchers'],
      ['/vouchers/edit/:id', 'editVouchers'],
      ['/vouchers/closedVoucher', 'viewVouchers'],
      ['/vouchers/closedVoucherEdit/:id', 'editVouchers'],
    ]);
    expect(Object.keys(documentScreens([vouchers])).sort()).toEqual(
      documentsManifest([vouchers])
        .routes.map((r) => r.path)
        .sort(),
    );
    expect(documentNewRoute(vouchers)).toBe('/vouchers/new');
  });

  it('keeps the stock documents on list, new and edit/{id}', () => {
    expect(documentRoutesOf(storageTransfers).map((r) => [r.path, r.permission])).toEqual([
      ['/storage-transfer', 'viewStorageTransfer'],
      ['/storage-transfer/new', 'addStorageTransfer'],
      ['/storage-transfer/edit/:id', 'editStorageTransfer'],
    ]);
    expect(documentEditRoute(storageTransfers)).toBe('/storage-transfer/edit/:id');
  });

  it("reads a document as locked by its type's statuses, and totals no quantity where there is none", () => {
    expect(readOnlyReason({ status: 'posted', referenced: false }, [])).toBeNull();
    expect(readOnlyReason({ status: 'closed', referenced: false })).toBe('closed');
    const totals = documentTotals(vouchers, [{ accountId: 'cash', debit: '5', credit: '0' }], 2, {});
    expect(totals.byUnit).toEqual([]);
  });
});
