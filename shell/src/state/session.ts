import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginProfile } from '@erp/contracts';
import type { FiscalYearInfo } from '@erp/ui-kit/src/declare';
import type { StoredProfile } from './storage';

/** Spec section 4: signed out ⇄ signed in; the chosen branch and fiscal year belong to the session. */
export interface SessionState {
  token: string | null;
  profile: StoredProfile | null;
  branchId: string | null;
  fiscalYear: FiscalYearInfo | null;
}

function split(profile: LoginProfile): { token: string; profile: StoredProfile } {
  const { token, ...rest } = profile;
  return { token, profile: rest };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { token: null, profile: null, branchId: null, fiscalYear: null } as SessionState,
  reducers: {
    signedIn(state, action: PayloadAction<LoginProfile>) {
      const { token, profile } = split(action.payload);
      state.token = token;
      state.profile = profile;
      // a previous user's branch is not this user's: start from the tenant's default branch
      if (!state.branchId || (profile.branches.length > 0 && !profile.branches.includes(state.branchId))) {
        state.branchId = profile.defaultBranchId ?? profile.branches[0] ?? null;
      }
    },
    /** A refresh: new tokens, same session. */
    refreshed(state, action: PayloadAction<LoginProfile>) {
      const { token, profile } = split(action.payload);
      state.token = token;
      state.profile = profile;
    },
    /** Logout or a lost session: token, profile and the chosen fiscal year go (spec section 4). */
    signedOut(state) {
      state.token = null;
      state.profile = null;
      state.fiscalYear = null;
    },
    /** The start-up branch was saved: the tenant is no longer new (spec section 2's after-login rule). */
    startUpDone(state) {
      if (state.profile) state.profile.isNewTenant = false;
    },
    branchChosen(state, action: PayloadAction<string>) {
      state.branchId = action.payload;
    },
    fiscalYearChosen(state, action: PayloadAction<FiscalYearInfo | null>) {
      state.fiscalYear = action.payload;
    },
  },
});

export const { signedIn, refreshed, signedOut, startUpDone, branchChosen, fiscalYearChosen } =
  sessionSlice.actions;
