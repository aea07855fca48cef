import { z } from 'zod';
import { decimalString } from '../decimal-schema';
import { Permission as P } from '../permissions';
import { defineReport, param } from './define';

export const vatSummaryRow = z.object({
  /** The box's name (vat-boxes.ts) and, where a box holds lines at more than one rate, the rate. */
  key: z.string(),
  box: z.string(),
  /** The box's number on the return (1 to 5 sales, 7 to 11 purchases). */
  boxNumber: z.number().int(),
  direction: z.enum(['output', 'input']),
  /** Percent ('15', '0'). */
  rate: z.string(),
  /** The taxable amount: sales net of returns, purchases net of returns. */
  amount: decimalString,
  vat: decimalString,
});
export type VatSummaryRow = z.infer<typeof vatSummaryRow>;

/**
 * The VAT summary (issue 13, deliverable 7): the figures a Saudi VAT return asks for, from the ledger itself. Each
 * box's amount and VAT are the period's tagged journal lines (vat-boxes.ts); the summary adds the totals of sales
 * (box 6) and purchases (box 12), the VAT booked on the VAT accounts without a box (manual corrections), and the
 * net VAT due. The spec shows no report permission: viewAccounts, like the other accounts reports.
 */
export const vatSummaryReport = defineReport({
  name: 'vatSummary',
  service: 'accounts',
  path: '/api/AccountsReports/VatSummary',
  title: 'reports.vatSummary',
  permission: P.viewAccounts,
  parameters: z.object({
    branchId: param.branch({ testId: 'report-branch' }),
    dateFrom: param.date({ label: 'reports.dateFrom', testId: 'filter-from' }),
    dateTo: param.date({ label: 'reports.dateTo', testId: 'filter-to' }),
  }),
  row: vatSummaryRow,
  rowKey: 'key',
  columns: [
    { name: 'boxNumber', kind: 'count', label: 'reports.vatBoxNumber' },
    { name: 'box', kind: 'label', labels: 'options', label: 'fields.vatBox' },
    { name: 'rate', kind: 'text', label: 'reports.vatRate' },
    { name: 'amount', kind: 'money', label: 'reports.taxableAmount' },
    { name: 'vat', kind: 'money', label: 'reports.vatAmount' },
  ],
  defaultSort: { column: 'boxNumber', order: 'asc' },
  paged: false,
  summary: [
    { name: 'salesAmount', kind: 'money', label: 'reports.vatSalesAmount' },
    { name: 'salesVat', kind: 'money', label: 'reports.vatSalesVat' },
    { name: 'purchasesAmount', kind: 'money', label: 'reports.vatPurchasesAmount' },
    { name: 'purchasesVat', kind: 'money', label: 'reports.vatPurchasesVat' },
    { name: 'otherOutputVat', kind: 'money', label: 'reports.vatOtherOutput' },
    { name: 'otherInputVat', kind: 'money', label: 'reports.vatOtherInput' },
    { name: 'netVatDue', kind: 'money', label: 'reports.vatNetDue' },
  ],
});
