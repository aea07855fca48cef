import { z } from 'zod';
import { decimalString } from '../decimal-schema';
import { Permission as P } from '../permissions';
import { defineReport, param, type ReportColumn } from './define';
import { vatSummaryReport } from './vat-summary';

/**
 * The accounts reports of /accounts-reports (issue 13 deliverable 7), on the report engine. The spec shows no
 * report permission (section 6): they take viewAccounts, the chart of accounts' own. Their figures come from
 * the kept balances (accounts_0004), so their cost does not grow with the journal's history.
 */

/** How deep the trees are rolled up: the company's maximum account level is at most six. */
export const ACCOUNT_LEVELS = ['1', '2', '3', '4', '5', '6'] as const;

const period = {
  branchId: param.branch({ testId: 'report-branch' }),
  costCenterId: param.reference('costCenters', {
    label: 'fields.costCenterId',
    testId: 'report-cost-center',
  }),
  dateFrom: param.date({ label: 'reports.dateFrom', testId: 'filter-from' }),
  dateTo: param.date({ label: 'reports.dateTo', testId: 'filter-to' }),
};
const level = param.choice(ACCOUNT_LEVELS, {
  default: '6',
  optionLabels: 'accountLevels',
  label: 'reports.accountLevel',
  testId: 'report-level',
});

/** An account's row in a report rolled up by level: a group row sums its sub-accounts and is not totalled. */
const accountRow = {
  accountId: z.string(),
  code: z.string(),
  level: z.number().int(),
  /** A row above the deepest level shown that has sub-accounts: its figures are its sub-accounts' sums. */
  group: z.boolean(),
};
const accountColumns = [
  { name: 'code', kind: 'text', label: 'fields.code' },
  { name: 'accountId', kind: 'reference', reference: 'accounts', label: 'fields.accountId', drill: true },
] as const;

export const trialBalanceRow = z.object({
  ...accountRow,
  openingDebit: decimalString,
  openingCredit: decimalString,
  periodDebit: decimalString,
  periodCredit: decimalString,
  closingDebit: decimalString,
  closingCredit: decimalString,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

const sides = <G extends 'opening' | 'period' | 'closing'>(g: G) =>
  [
    { name: `${g}Debit`, kind: 'money', label: 'fields.debit', group: `reports.${g}`, total: true },
    { name: `${g}Credit`, kind: 'money', label: 'fields.credit', group: `reports.${g}`, total: true },
  ] as const;

/** Opening and closing balances net on their side; the period's movements gross. */
export const trialBalanceReport = defineReport({
  name: 'trialBalance',
  service: 'accounts',
  path: '/api/AccountsReports/TrialBalance',
  title: 'reports.trialBalance',
  permission: P.viewAccounts,
  parameters: z.object({
    ...period,
    level,
    nonZero: param.flag(true, { label: 'reports.nonZeroAccounts', testId: 'report-non-zero' }),
  }),
  row: trialBalanceRow,
  rowKey: 'accountId',
  level: 'level',
  columns: [...accountColumns, ...sides('opening'), ...sides('period'), ...sides('closing')],
  defaultSort: { column: 'code', order: 'asc' },
  paged: false,
  drillDown: { to: 'accountStatement', account: 'accountId' },
});

export const statementRow = z.object({
  /** The line's key (entry and line number); 'opening' for the opening balance's row. */
  lineKey: z.string(),
  date: z.string(),
  accountId: z.string(),
  sourceType: z.string(),
  sourceId: z.string(),
  costCenterId: z.string().nullable(),
  note: z.string(),
  debit: decimalString,
  credit: decimalString,
  /** After this line, on the side of the account's nature (a credit account's balance counts credits up). */
  balance: decimalString,
});
export type StatementRow = z.infer<typeof statementRow>;

const lineColumns: ReportColumn<StatementRow>[] = [
  { name: 'date', kind: 'date', label: 'fields.date' },
  { name: 'sourceType', kind: 'label', labels: 'documents', label: 'reports.documentType', drill: true },
  { name: 'note', kind: 'text', label: 'fields.note' },
  { name: 'costCenterId', kind: 'reference', reference: 'costCenters', label: 'fields.costCenterId' },
  { name: 'debit', kind: 'money', label: 'fields.debit', total: true },
  { name: 'credit', kind: 'money', label: 'fields.credit', total: true },
];

/** An account's lines in date and posting order with its running balance, after an opening balance row. */
export const accountStatementReport = defineReport({
  name: 'accountStatement',
  service: 'accounts',
  path: '/api/AccountsReports/AccountStatement',
  title: 'reports.accountStatement',
  permission: P.viewAccounts,
  parameters: z.object({
    accountId: param.record('accounts', { label: 'fields.accountId', testId: 'report-account' }),
    ...period,
  }),
  row: statementRow,
  rowKey: 'lineKey',
  columns: [...lineColumns, { name: 'balance', kind: 'money', label: 'reports.balance', running: true }],
  defaultSort: { column: 'date', order: 'asc' },
  paged: true,
  drillDown: { to: 'document', type: 'sourceType', id: 'sourceId' },
  summary: [
    { name: 'openingBalance', kind: 'money', label: 'reports.opening' },
    { name: 'closingBalance', kind: 'money', label: 'reports.closing' },
  ],
});

export const ledgerRow = statementRow.omit({ balance: true }).extend({ code: z.string() });
export type LedgerRow = z.infer<typeof ledgerRow>;

/** The lines of an account, or of the accounts whose codes lie in a range, in a period. */
export const generalLedgerReport = defineReport({
  name: 'generalLedger',
  service: 'accounts',
  path: '/api/AccountsReports/GeneralLedger',
  title: 'reports.generalLedger',
  permission: P.viewAccounts,
  parameters: z.object({
    accountFrom: param.reference('accounts', { label: 'reports.accountFrom', testId: 'report-account-from' }),
    accountTo: param.reference('accounts', { label: 'reports.accountTo', testId: 'report-account-to' }),
    ...period,
  }),
  row: ledgerRow,
  rowKey: 'lineKey',
  columns: [
    { name: 'code', kind: 'text', label: 'fields.code' },
    { name: 'accountId', kind: 'reference', reference: 'accounts', label: 'fields.accountId' },
    ...(lineColumns as unknown as ReportColumn<LedgerRow>[]),
  ],
  defaultSort: { column: 'code', order: 'asc' },
  paged: true,
  drillDown: { to: 'document', type: 'sourceType', id: 'sourceId' },
});

export const journalListingRow = statementRow.omit({ balance: true }).extend({ seq: z.number().int() });
export type JournalListingRow = z.infer<typeof journalListingRow>;

/** The posted entries of a period with their lines, in date and posting order. */
export const journalListingReport = defineReport({
  name: 'journalListing',
  service: 'accounts',
  path: '/api/AccountsReports/JournalListing',
  title: 'reports.journalListing',
  permission: P.viewAccounts,
  parameters: z.object({
    branchId: period.branchId,
    dateFrom: period.dateFrom,
    dateTo: period.dateTo,
  }),
  row: journalListingRow,
  rowKey: 'lineKey',
  columns: [
    { name: 'seq', kind: 'count', label: 'reports.entryNumber' },
    { name: 'accountId', kind: 'reference', reference: 'accounts', label: 'fields.accountId' },
    ...(lineColumns as unknown as ReportColumn<JournalListingRow>[]),
  ],
  defaultSort: { column: 'date', order: 'asc' },
  paged: true,
  drillDown: { to: 'document', type: 'sourceType', id: 'sourceId' },
});

export const statementOfAccountsRow = z.object({
  ...accountRow,
  debit: decimalString,
  credit: decimalString,
});
export type StatementOfAccountsRow = z.infer<typeof statementOfAccountsRow>;

const netColumns = [
  ...accountColumns,
  { name: 'debit', kind: 'money', label: 'fields.debit', total: true },
  { name: 'credit', kind: 'money', label: 'fields.credit', total: true },
] as const;

/** The income-statement accounts' net movements of a period; the summary's net income is credits less debits. */
export const incomeStatementReport = defineReport({
  name: 'incomeStatement',
  service: 'accounts',
  path: '/api/AccountsReports/IncomeStatement',
  title: 'reports.incomeStatement',
  permission: P.viewAccounts,
  parameters: z.object({ ...period, level }),
  row: statementOfAccountsRow,
  rowKey: 'accountId',
  level: 'level',
  columns: netColumns,
  defaultSort: { column: 'code', order: 'asc' },
  paged: false,
  drillDown: { to: 'accountStatement', account: 'accountId' },
  summary: [{ name: 'netIncome', kind: 'money', label: 'reports.netIncome' }],
});

/**
 * The balance-sheet accounts' balances at a date; the year's result not yet closed into retained earnings is
 * the summary's net income, so debits equal credits plus net income.
 */
export const balanceSheetReport = defineReport({
  name: 'balanceSheet',
  service: 'accounts',
  path: '/api/AccountsReports/BalanceSheet',
  title: 'reports.balanceSheet',
  permission: P.viewAccounts,
  parameters: z.object({
    branchId: period.branchId,
    costCenterId: period.costCenterId,
    date: param.date({ label: 'reports.atDate', testId: 'report-date' }),
    level,
  }),
  row: statementOfAccountsRow,
  rowKey: 'accountId',
  level: 'level',
  columns: netColumns,
  defaultSort: { column: 'code', order: 'asc' },
  paged: false,
  drillDown: { to: 'accountStatement', account: 'accountId' },
  summary: [{ name: 'netIncome', kind: 'money', label: 'reports.netIncome' }],
});

export const costCenterRow = z.object({
  costCenterId: z.string(),
  accountId: z.string(),
  code: z.string(),
  debit: decimalString,
  credit: decimalString,
  /** Debits less credits (a cost center's cost is on the debit side). */
  net: decimalString,
});
export type CostCenterRow = z.infer<typeof costCenterRow>;

/** Each cost center's movements per account in a period (lines without a cost center are left out). */
export const costCenterReport = defineReport({
  name: 'costCenterReport',
  service: 'accounts',
  path: '/api/AccountsReports/CostCenters',
  title: 'reports.costCenterReport',
  permission: P.viewAccounts,
  parameters: z.object({ ...period }),
  row: costCenterRow,
  rowKey: ['costCenterId', 'accountId'],
  columns: [
    { name: 'costCenterId', kind: 'reference', reference: 'costCenters', label: 'fields.costCenterId' },
    { name: 'code', kind: 'text', label: 'fields.code' },
    { name: 'accountId', kind: 'reference', reference: 'accounts', label: 'fields.accountId', drill: true },
    { name: 'debit', kind: 'money', label: 'fields.debit', total: true },
    { name: 'credit', kind: 'money', label: 'fields.credit', total: true },
    { name: 'net', kind: 'money', label: 'reports.net', total: true },
  ],
  defaultSort: { column: 'code', order: 'asc' },
  paged: false,
  drillDown: { to: 'accountStatement', account: 'accountId' },
});

export const accountsReports = [
  trialBalanceReport,
  accountStatementReport,
  generalLedgerReport,
  journalListingReport,
  incomeStatementReport,
  balanceSheetReport,
  costCenterReport,
  vatSummaryReport,
] as const;
