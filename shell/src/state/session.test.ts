import type { LoginProfile } from '@erp/contracts';
import { branchChosen, fiscalYearChosen, refreshed, sessionSlice, signedIn, signedOut } from './session';

const profile = (over: Partial<LoginProfile> = {}): LoginProfile => ({
  token: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  userId: 'u1',
  userName: 'admin',
  fullName: 'Admin',
  phone: '',
  email: '',
  isAdmin: true,
  permissions: [],
  branches: ['b1', 'b2'],
  isNewTenant: false,
  isInvoicePlan: true,
  defaultBranchId: 'b1',
  ...over,
});

const reduce = sessionSlice.reducer;
const year = { year: 2026, startDate: '2026-01-01', endDate: '2026-12-31' };

describe('session (spec section 4)', () => {
  it('signs in with the tenant default branch and keeps the token apart from the stored profile', () => {
    const s = reduce(undefined, signedIn(profile()));
    expect(s.token).toBe('access-1');
    expect(s.profile).not.toHaveProperty('token');
    expect(s.profile?.refreshToken).toBe('refresh-1');
    expect(s.branchId).toBe('b1');
  });

  it("keeps a chosen branch the user may use, and drops another user's", () => {
    let s = reduce(undefined, branchChosen('b2'));
    s = reduce(s, signedIn(profile()));
    expect(s.branchId).toBe('b2');
    s = reduce(reduce(s, branchChosen('elsewhere')), signedIn(profile()));
    expect(s.branchId).toBe('b1');
  });

  it('renews tokens on refresh without touching the choices', () => {
    let s = reduce(reduce(undefined, signedIn(profile())), fiscalYearChosen(year));
    s = reduce(s, refreshed(profile({ token: 'access-2', refreshToken: 'refresh-2' })));
    expect(s.token).toBe('access-2');
    expect(s.profile?.refreshToken).toBe('refresh-2');
    expect(s.fiscalYear).toEqual(year);
  });

  it('logout clears token, profile and the chosen fiscal year', () => {
    let s = reduce(reduce(undefined, signedIn(profile())), fiscalYearChosen(year));
    s = reduce(s, signedOut());
    expect(s).toEqual({ token: null, profile: null, branchId: 'b1', fiscalYear: null });
  });
});
