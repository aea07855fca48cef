import { z } from 'zod';
import {
  Permission,
  decimalString,
  defineReport,
  param,
  reportParameterList,
  reportQuerySchema,
  reportRoute,
  sortableColumns,
  stockBalanceReport,
} from '../src';

/**
 * The report declaration (issue 13 deliverable 7): what the engine derives from it, the mistakes it refuses,
 * and that it can express what the accounts reports will need (a trial balance grouped by account level with
 * opening, period and closing column groups and a branch filter; an account statement with a running balance
 * that drills down to the source document).
 */
const trialBalanceRow = z.object({
  accountId: z.string(),
  code: z.string(),
  level: z.number().int(),
  openingDebit: decimalString,
  openingCredit: decimalString,
  periodDebit: decimalString,
  periodCredit: decimalString,
  closingDebit: decimalString,
  closingCredit: decimalString,
});

const trialBalance = defineReport({
  name: 'trialBalance',
  service: 'accounts',
  path: '/api/AccountsReports/TrialBalance',
  title: 'reports.totals',
  permission: Permission.viewAccounts,
  parameters: z.object({
    branchId: param.branch(),
    dateFrom: param.date({ label: 'reports.dateFrom' }),
    dateTo: param.date({ label: 'reports.dateTo' }),
    level: param.choice(['1', '2', '3', '4'], {
      default: '4',
      optionLabels: 'levels',
      label: 'reports.choice',
    }),
    nonZero: param.flag(true, { label: 'reports.nonZero' }),
  }),
  row: trialBalanceRow,
  rowKey: 'accountId',
  level: 'level',
  columns: [
    { name: 'code', kind: 'text', label: 'fields.code', sortable: true },
    { name: 'accountId', kind: 'reference', reference: 'accounts', label: 'fields.accountNumber' },
    ...(['opening', 'period', 'closing'] as const).flatMap((g) =>
      (['Debit', 'Credit'] as const).map((side) => ({
        name: `${g}${side}` as const,
        kind: 'money' as const,
        label: `reports.${side === 'Debit' ? 'quantityIn' : 'quantityOut'}`,
        group: `reports.${g === 'period' ? 'balance' : g}`,
        total: true,
      })),
    ),
  ],
  defaultSort: { column: 'code', order: 'asc' },
  paged: false,
  drillDown: { to: 'accountStatement', account: 'accountId' },
});

describe('report declarations', () => {
  it('derive the route, guarded by the declared permission, with paging only where paged', () => {
    const route = reportRoute(trialBalance, 'Trial balance');
    expect(route).toEqual(
      expect.objectContaining({
        method: 'get',
        path: '/api/AccountsReports/TrialBalance',
        service: 'accounts',
        access: { kind: 'permission', name: Permission.viewAccounts },
      }),
    );
    const q = reportQuerySchema(trialBalance);
    expect(q.parse({})).toEqual({ level: '4', nonZero: 'true', format: 'json' });
    expect(q.safeParse({ branchId: 'b1', dateFrom: '2026-01-01', sort: 'code', order: 'desc' }).success).toBe(
      true,
    );
    expect(reportQuerySchema(stockBalanceReport).parse({})).toEqual(
      expect.objectContaining({ page: 1, pageSize: 15 }),
    );
  });

  it('refuse what they do not declare: unknown sort, bad page size, bad date, bad choice', () => {
    const q = reportQuerySchema(stockBalanceReport);
    for (const bad of [{ sort: 'barcode' }, { pageSize: 7 }, { date: '2026-13-01' }, { format: 'csv' }])
      expect([bad, q.safeParse(bad).success]).toEqual([bad, false]);
    expect(reportQuerySchema(trialBalance).safeParse({ level: '9' }).success).toBe(false);
    expect(sortableColumns(stockBalanceReport)).toEqual(['code', 'quantity', 'value']);
  });

  it('give the screen its filters from the parameters, with kinds, defaults and what is required', () => {
    expect(
      reportParameterList(trialBalance).map((p) => [p.name, p.meta.kind, p.required, p.initial]),
    ).toEqual([
      ['branchId', 'branch', false, ''],
      ['dateFrom', 'date', false, ''],
      ['dateTo', 'date', false, ''],
      ['level', 'choice', false, '4'],
      ['nonZero', 'flag', false, 'true'],
    ]);
    const card = reportParameterList(
      defineReport({ ...trialBalance, name: 'statement', parameters: z.object({ itemId: param.item() }) }),
    );
    expect(card).toEqual([expect.objectContaining({ name: 'itemId', required: true })]);
  });

  it('express the accounts reports: levels, column groups, running balance, drill-down to a statement', () => {
    expect(trialBalance.level).toBe('level');
    expect(new Set(trialBalance.columns.map((c) => c.group).filter(Boolean))).toEqual(
      new Set(['reports.opening', 'reports.balance', 'reports.closing']),
    );
    expect(trialBalance.drillDown).toEqual({ to: 'accountStatement', account: 'accountId' });
    const statement = defineReport({
      name: 'accountStatement',
      service: 'accounts',
      path: '/api/AccountsReports/Statement',
      title: 'reports.balance',
      permission: Permission.viewAccounts,
      parameters: z.object({ accountId: param.reference('accounts'), branchId: param.branch() }),
      row: z.object({
        seq: z.number(),
        debit: decimalString,
        balance: decimalString,
        documentId: z.string(),
      }),
      rowKey: 'seq',
      columns: [
        { name: 'debit', kind: 'money', label: 'reports.quantityIn', total: true },
        { name: 'balance', kind: 'money', label: 'reports.balance', running: true },
      ],
      defaultSort: { column: 'seq', order: 'asc' },
      paged: true,
      drillDown: { to: 'document', type: 'documentId', id: 'documentId' },
    });
    expect(statement.columns.find((c) => c.running)?.name).toBe('balance');
  });

  it('refuse inconsistent declarations where they are declared', () => {
    const base = { ...trialBalance, name: 'broken' };
    expect(() =>
      defineReport({ ...base, columns: [{ name: 'code', kind: 'text', label: 'x', total: true }] }),
    ).toThrow(/cannot be totalled/);
    expect(() =>
      defineReport({
        ...base,
        drillDown: undefined,
        level: undefined,
        row: z.object({ q: decimalString }),
        rowKey: 'q',
        defaultSort: { column: 'q', order: 'asc' },
        columns: [{ name: 'q', kind: 'quantity', label: 'x', total: true }],
      }),
    ).toThrow(/without their unit/);
    expect(() =>
      defineReport({
        ...base,
        columns: [
          { name: 'code', kind: 'text', label: 'x', sortable: true },
          { name: 'openingDebit', kind: 'money', label: 'x', running: true },
        ],
      }),
    ).toThrow(/own order/);
    expect(() => defineReport({ ...base, parameters: z.object({ page: z.string() }) })).toThrow(/engine/);
  });
});
