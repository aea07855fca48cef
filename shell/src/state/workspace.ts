import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Branch, Company, FiscalYear } from '@erp/contracts';
import type { BranchInfo, BusinessFlag, FiscalYearInfo } from '@erp/ui-kit/src/declare';
import type { ThunkExtra } from './extra';

export interface CompanyInfo {
  arabicName: string;
  englishName: string;
  businessTypes: Record<BusinessFlag, boolean>;
}

/** What the shell needs from the server to lay out the session: spec section 7's StartUp and FiscalYears. */
export interface WorkspaceState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  branches: BranchInfo[];
  company: CompanyInfo | null;
  fiscalYears: FiscalYearInfo[];
}

export const NO_BUSINESS_TYPES: Record<BusinessFlag, boolean> = {
  restaurant: false,
  concrete: false,
  carShowroom: false,
  priceLists: false,
  mediatorSystems: false,
  contractsAndConstruction: false,
  taxEInvoicing: false,
  points: false,
};

export const loadWorkspace = createAsyncThunk<
  Pick<WorkspaceState, 'branches' | 'company' | 'fiscalYears'>,
  void,
  { extra: ThunkExtra }
>('workspace/load', async (_arg, { extra }) => {
  const [startUp, years] = await Promise.all([
    extra.api.get<{ branches: Branch[]; currentCompany: Company }>('aggregates/StartUp'),
    extra.api.get<FiscalYear[]>('FiscalYears'),
  ]);
  return {
    branches: startUp.branches.map((b) => ({
      id: b.id,
      code: b.code,
      arabicName: b.arabicName,
      englishName: b.englishName,
      decimalDigits: b.decimalDigits,
      isMaster: b.isMaster,
      defaultStoreId: b.defaultStoreId,
      defaultCustomerId: b.defaultCustomerId,
    })),
    company: {
      arabicName: startUp.currentCompany.arabicName,
      englishName: startUp.currentCompany.englishName,
      businessTypes: { ...NO_BUSINESS_TYPES, ...startUp.currentCompany.businessTypes },
    },
    fiscalYears: years.map((y) => ({ year: y.year, startDate: y.startDate, endDate: y.endDate })),
  };
});

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: { status: 'idle', branches: [], company: null, fiscalYears: [] } as WorkspaceState,
  reducers: {
    workspaceCleared() {
      return { status: 'idle', branches: [], company: null, fiscalYears: [] } as WorkspaceState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadWorkspace.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadWorkspace.fulfilled, (state, action) => ({ status: 'ready', ...action.payload }))
      .addCase(loadWorkspace.rejected, (state) => {
        state.status = 'failed';
      });
  },
});

export const { workspaceCleared } = workspaceSlice.actions;
