import { reportRoute } from './define';
import {
  accountStatementReport,
  balanceSheetReport,
  costCenterReport,
  generalLedgerReport,
  incomeStatementReport,
  journalListingReport,
  trialBalanceReport,
} from './accounts';
import { vatSummaryReport } from './vat-summary';

/** The routes of the accounts reports (/api/AccountsReports/...), each from its declaration. */
export const accountsReportRoutes = {
  trialBalance: reportRoute(
    trialBalanceReport,
    'Trial balance: opening, period and closing debit and credit per account, rolled up to a level',
  ),
  accountStatement: reportRoute(
    accountStatementReport,
    "An account's lines with running balance after its opening balance",
  ),
  generalLedger: reportRoute(
    generalLedgerReport,
    'The lines of an account or a range of accounts in a period',
  ),
  journalListing: reportRoute(journalListingReport, 'The posted entries of a period with their lines'),
  incomeStatement: reportRoute(incomeStatementReport, "The income-statement accounts' net movements"),
  balanceSheet: reportRoute(balanceSheetReport, "The balance-sheet accounts' balances at a date"),
  costCenters: reportRoute(costCenterReport, "Each cost center's movements per account in a period"),
  vatSummary: reportRoute(
    vatSummaryReport,
    "The VAT return's boxes (amount and VAT of sales and purchases), other VAT booked and the net VAT due",
  ),
};
