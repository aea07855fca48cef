import {
  dec,
  fromStored,
  toStored,
  type CloseSafeTransactionInput,
  type Dec,
  type OpenSafeTransactionInput,
  type SafeTransaction,
} from '@erp/contracts';
import {
  isMysql,
  AppError,
  conflict,
  emit,
  newId,
  notFound,
  nowIso,
  originOf,
  parseJson,
  replicaTables,
  requireBranch,
  requirePrincipal,
  tenantScope,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { local, zoneOf } from '../reports/dashboard';
import { netPayments } from '../reports/payments';

/*
 * Cashiers' shifts, the spec's safe transactions (section 3; issue 15, deliverable 5). A shift opens on a safe of
 * the branch with an opening balance; it covers what its user issues from then until it is closed. Closing counts
 * the drawer: the server reads the user's issued invoices and returns of the shift's branch in the window (the
 * sales service's own documents) and fixes the spec's figures; the deficit (expected − counted) goes to the
 * ledger by `sales.safeTransaction.closed`, booked by accounts. A closed shift never changes.
 */

const TABLE = 'sales_safe_transactions';
const SAFES = 'replica_md_safes';
type Row = Record<string, unknown>;
const money = (v: unknown) => fromStored((v ?? 0) as number);

/** What a shift's documents add up to. */
interface ShiftFigures {
  netSales: Dec;
  cash: Dec;
  otherPayment: Dec;
  returns: Dec;
  cashReturns: Dec;
  invoices: number;
  returnDocuments: number;
}

/**
 * The figures of a user's issued documents in a branch from `from` to `to` (issue times, both included): invoices'
 * totals less returns' as net sales; cash taken on invoices net of the change (the dashboard's rule,
 * `netPayments`), every other method as other payment; returns and the cash paid back on them.
 */
export async function shiftFigures(
  s: TenantScope,
  shift: { branchId: string; userId: string },
  from: string,
  to: string,
): Promise<ShiftFigures> {
  const docs = async (table: string) =>
    (await s(table)
      .where({ status: 'issued', created_by: shift.userId, branch_id: shift.branchId })
      .andWhere('issued_at', '>=', from)
      .andWhere('issued_at', '<=', to)
      .select('id', 'money_tax_inclusive', 'money_change')) as Row[];
  const invoices = await docs('doc_sales_invoices');
  const returned = await docs('doc_sales_returns');
  const total = (rows: Row[]) => rows.reduce((sum, r) => sum.plus(money(r.money_tax_inclusive)), dec(0));
  let cash = dec(0);
  let otherPayment = dec(0);
  for (const p of await netPayments(s, 'doc_sales_invoices_payments', invoices))
    if (p.kind === 'cash') cash = cash.plus(p.amount);
    else otherPayment = otherPayment.plus(p.amount);
  let cashReturns = dec(0);
  for (const p of await netPayments(s, 'doc_sales_returns_payments', returned))
    if (p.kind === 'cash') cashReturns = cashReturns.plus(p.amount);
  const returns = total(returned);
  return {
    netSales: total(invoices).minus(returns),
    cash,
    otherPayment,
    returns,
    cashReturns,
    invoices: invoices.length,
    returnDocuments: returned.length,
  };
}

const text = (v: Dec) => v.toString();

async function namesOf(s: TenantScope, rows: readonly Row[]): Promise<SafeTransaction['names']> {
  const names: SafeTransaction['names'] = {};
  const ids = (c: string) => [...new Set(rows.map((r) => String(r[c])))];
  for (const r of (await s.byIds(SAFES, ids('safe_id'))) as Row[])
    names[String(r.id)] = { arabicName: String(r.arabic_name), englishName: String(r.english_name) };
  for (const r of (await s.byIds(replicaTables.users, ids('user_id'))) as Row[]) {
    const name = String(r.full_name ?? r.user_name ?? '');
    names[String(r.id)] = { arabicName: name, englishName: name };
  }
  for (const r of (await s.byIds(replicaTables.branches, ids('branch_id'))) as Row[])
    names[String(r.id)] = {
      arabicName: String(r.arabic_name ?? r.name ?? ''),
      englishName: String(r.english_name ?? r.name ?? ''),
    };
  return names;
}

/** A shift as the API answers it: a closed one with its fixed figures, an open one with those so far. */
async function present(s: TenantScope, r: Row, names?: SafeTransaction['names']): Promise<SafeTransaction> {
  const closed = r.status === 'closed';
  const opening = money(r.opening_balance);
  const f: ShiftFigures = closed
    ? {
        netSales: money(r.net_sales),
        cash: money(r.cash),
        otherPayment: money(r.other_payment),
        returns: money(r.returns),
        cashReturns: money(r.cash_returns),
        invoices: Number(r.invoices ?? 0),
        returnDocuments: Number(r.return_documents ?? 0),
      }
    : await shiftFigures(
        s,
        { branchId: String(r.branch_id), userId: String(r.user_id) },
        String(r.opened_at),
        nowIso(),
      );
  return {
    id: String(r.id),
    code: String(r.seq),
    branchId: String(r.branch_id),
    safeId: String(r.safe_id),
    userId: String(r.user_id),
    status: closed ? 'closed' : 'open',
    openedAt: String(r.opened_at),
    openingBalance: text(opening),
    netSales: text(f.netSales),
    cash: text(f.cash),
    otherPayment: text(f.otherPayment),
    returns: text(f.returns),
    cashReturns: text(f.cashReturns),
    invoices: f.invoices,
    returnDocuments: f.returnDocuments,
    expectedCash: closed ? text(money(r.expected_cash)) : text(opening.plus(f.cash).minus(f.cashReturns)),
    actualBalance: closed ? text(money(r.actual_balance)) : null,
    deficit: closed ? text(money(r.deficit)) : null,
    closeDate: closed ? String(r.closed_at) : null,
    closedBy: closed && r.closed_by ? String(r.closed_by) : null,
    names: names ?? (await namesOf(s, [r])),
  };
}

/** The shifts of the caller's branches (or the one asked for), newest first. */
export async function listSafeTransactions(
  s: TenantScope,
  ctx: RequestContext,
  query: { status?: 'open' | 'closed' | undefined; branchId?: string | undefined },
): Promise<SafeTransaction[]> {
  if (query.branchId) requireBranch(ctx, query.branchId);
  const q = s(TABLE).orderBy('seq', 'desc').limit(500);
  if (query.status) q.andWhere('status', query.status);
  if (query.branchId) q.andWhere('branch_id', query.branchId);
  else if (ctx.allowedBranches) q.whereIn('branch_id', [...ctx.allowedBranches]);
  const rows = (await q) as Row[];
  const names = await namesOf(s, rows);
  return Promise.all(rows.map((r) => present(s, r, names)));
}

async function rowOf(s: TenantScope, ctx: RequestContext, id: string, lock = false): Promise<Row> {
  const q = s(TABLE).where({ id });
  const row = (await (lock && isMysql(s.db) ? q.forUpdate() : q).first()) as Row | undefined;
  if (!row) throw notFound();
  requireBranch(ctx, String(row.branch_id));
  return row;
}

export async function getSafeTransaction(
  s: TenantScope,
  ctx: RequestContext,
  id: string,
): Promise<SafeTransaction> {
  return present(s, await rowOf(s, ctx, id));
}

/** The active safes of the caller's branches (every branch's for a caller not limited), by code. */
export async function shiftSafes(s: TenantScope, ctx: RequestContext) {
  const rows = (await s(SAFES).where('deleted', false).orderBy('code')) as Row[];
  return rows
    .map((r) => {
      const record = parseJson<{ branchId?: unknown; isActive?: unknown }>(r.record, {});
      return {
        id: String(r.id),
        code: String(r.code),
        arabicName: String(r.arabic_name),
        englishName: String(r.english_name),
        branchId: typeof record.branchId === 'string' ? record.branchId : '',
        active: record.isActive !== false,
      };
    })
    .filter((r) => r.active && (ctx.allowedBranches === null || ctx.allowedBranches.includes(r.branchId)))
    .map(({ active: _, ...r }) => r);
}

/** The caller's open shift (null: none). */
export async function currentSafeTransaction(
  s: TenantScope,
  ctx: RequestContext,
): Promise<{ shift: SafeTransaction | null }> {
  const row = (await s(TABLE)
    .where({ open_user: requirePrincipal(ctx).userId })
    .first()) as Row | undefined;
  return { shift: row ? await present(s, row) : null };
}

/**
 * Opens the caller's shift on an active safe of a branch they may use: 409 while they have one open (the unique
 * `open_user` holds it under concurrent requests too).
 */
export async function openSafeTransaction(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: OpenSafeTransactionInput,
): Promise<SafeTransaction> {
  const userId = requirePrincipal(ctx).userId;
  const tenantId = requirePrincipal(ctx).tenantId;
  const attempt = () =>
    deps.transact(async (trx) => {
      const s = tenantScope(trx, tenantId);
      const safe = (await s(SAFES).where({ id: input.safeId }).first()) as Row | undefined;
      const record = parseJson<{ branchId?: unknown; isActive?: unknown }>(safe?.record, {});
      if (!safe || safe.deleted) throw new AppError(404, 'safeTransaction.safeUnknown');
      if (record.isActive === false) throw new AppError(400, 'safeTransaction.safeInactive');
      const branchId = typeof record.branchId === 'string' ? record.branchId : (ctx.branchId ?? '');
      requireBranch(ctx, branchId);
      if (await s(TABLE).where({ open_user: userId }).first('id'))
        throw conflict('safeTransaction.alreadyOpen');
      const [last] = (await s(TABLE).max({ seq: 'seq' })) as Row[];
      const id = newId();
      await s.insert(TABLE, {
        id,
        seq: Number(last?.seq ?? 0) + 1,
        branch_id: branchId,
        safe_id: input.safeId,
        user_id: userId,
        open_user: userId,
        status: 'open',
        opened_at: nowIso(),
        opening_balance: toStored(dec(input.openingBalance)),
      });
      return id;
    });
  let id: string | null = null;
  for (let tries = 1; id === null; tries++)
    try {
      id = await attempt();
    } catch (e) {
      // two opens at once: the unique open user refused the same user's second; another user's took the number
      if (!/unique|duplicate/i.test(String((e as Error).message))) throw e;
      const s = tenantScope(deps.db, tenantId);
      if (tries >= 5 || (await s(TABLE).where({ open_user: userId }).first('id')))
        throw conflict('safeTransaction.alreadyOpen');
    }
  return present(tenantScope(deps.db, tenantId), await rowOf(tenantScope(deps.db, tenantId), ctx, id));
}

/**
 * Closes a shift with the counted cash: its figures read once and fixed, the deficit sent to the ledger in the
 * same transaction (the outbox). Closing again with the same count answers the same; with another, 409: a
 * closed shift never changes.
 */
export async function closeSafeTransaction(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: CloseSafeTransactionInput,
): Promise<SafeTransaction> {
  const p = requirePrincipal(ctx);
  const actual = dec(input.actualBalance);
  await deps.transact(async (trx) => {
    const s = tenantScope(trx, p.tenantId);
    const row = await rowOf(s, ctx, id, true);
    if (row.status === 'closed') {
      if (money(row.actual_balance).equals(actual)) return;
      throw conflict('safeTransaction.closed');
    }
    const closedAt = nowIso();
    const branchId = String(row.branch_id);
    const f = await shiftFigures(
      s,
      { branchId, userId: String(row.user_id) },
      String(row.opened_at),
      closedAt,
    );
    const expected = money(row.opening_balance).plus(f.cash).minus(f.cashReturns);
    const deficit = expected.minus(actual);
    const updated = await s(TABLE)
      .where({ id, status: 'open' })
      .update({
        status: 'closed',
        open_user: null,
        closed_at: closedAt,
        closed_by: p.userId,
        actual_balance: toStored(actual),
        net_sales: toStored(f.netSales),
        cash: toStored(f.cash),
        other_payment: toStored(f.otherPayment),
        returns: toStored(f.returns),
        cash_returns: toStored(f.cashReturns),
        invoices: f.invoices,
        return_documents: f.returnDocuments,
        expected_cash: toStored(expected),
        deficit: toStored(deficit),
      });
    if (updated !== 1) throw conflict('safeTransaction.closed');
    const date = local(new Date(closedAt), await zoneOf(s, branchId)).day;
    await emit(trx, { ...originOf(ctx), branchId }, 'safeTransactionClosed', id, {
      safeTransactionId: id,
      code: String(row.seq),
      safeId: String(row.safe_id),
      userId: String(row.user_id),
      date,
      expectedCash: text(expected),
      actualBalance: text(actual),
      deficit: text(deficit),
    });
  });
  const s = tenantScope(deps.db, p.tenantId);
  return present(s, await rowOf(s, ctx, id));
}
