import { Permission as P } from '../permissions';
import { vatBoxNames } from '../vat-boxes';
import { defineDocument } from './declare';

/**
 * Journal vouchers (spec sections 2, 3 and 5; issue 13, deliverable 2): lines of account (leaf only), cost
 * center, debit, credit and note, no quantity; unposted until posted to the journal, when they lock (a posted
 * voucher is changed by unposting it first: the journal books the reversal). The spec's screens by name: the list
 * of unposted ones at /vouchers, new, edit/{id}, the posted ones at closedVoucher and closedVoucherEdit/{id}.
 */
export const vouchers = defineDocument({
  name: 'vouchers',
  service: 'accounts',
  route: '/vouchers',
  apiPath: '/api/Vouchers',
  permissions: { view: P.viewVouchers, add: P.addVouchers, edit: P.editVouchers },
  header: [
    // spec section 3: an opening voucher (its accounts do not repeat, section 5)
    { name: 'isOpening', kind: 'boolean' },
    // spec section 5: saving without a cost-center distribution, where the branch enables them, is confirmed
    { name: 'withoutCostCenters', kind: 'boolean' },
    // spec sections 4 and 5: a closing voucher needs a customer; while it exists its year takes no other change
    { name: 'isClosing', kind: 'boolean' },
    { name: 'customerId', kind: 'reference', reference: 'customers' },
  ],
  storeFields: [],
  lines: [
    { name: 'accountId', kind: 'reference', reference: 'accounts', required: true },
    { name: 'costCenterId', kind: 'reference', reference: 'costCenters' },
    { name: 'debit', kind: 'decimal', minValue: 0 },
    { name: 'credit', kind: 'decimal', minValue: 0 },
    { name: 'note', kind: 'text', max: 200 },
    // the line's box of the VAT return (vat-boxes.ts): its amount, or its VAT when on a VAT account
    { name: 'vatBox', kind: 'enum', options: vatBoxNames },
  ],
  // one account may take several lines (two cost centers, a debit and a credit)
  lineKey: [],
  emptyLinesCode: 'journal.noLines',
  statuses: { values: ['unposted', 'posted'], locked: ['posted'], lockedCode: 'postedVoucher' },
  transitions: [
    { action: 'post', from: ['unposted'], to: 'posted' },
    { action: 'unpost', from: ['posted'], to: 'unposted' },
  ],
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
  // spec section 9: vouchers page by 25, 50, 100 or 500
  pageSizes: [25, 50, 100, 500],
  menu: { group: 'accounts', icon: 'pi pi-book' },
});
