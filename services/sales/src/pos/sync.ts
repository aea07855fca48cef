import {
  documentMoneyTotals,
  documentTableOf,
  fromStored,
  salesInvoices,
  tillNumber,
  toStored,
  type DocumentInput,
  type TillSale,
  type TillSaleInput,
} from '@erp/contracts';
import { translate } from '@erp/i18n';
import {
  AppError,
  documentSaver,
  idempotent,
  notFound,
  nowIso,
  handOverUndos,
  parseJson,
  requireBranch,
  requirePrincipal,
  rolledBack,
  tenantScope,
  type Executor,
  type RequestContext,
  type ServiceDeps,
  type TenantScope,
} from '@erp/service-kit';
import { lockUnit } from '../documents/issue';
import { tillOf, tillUnit } from './tills';
import { withTillPlace, type TillPlace } from './till-place';

type Row = Record<string, unknown>;

// a kept sale's payload names the held invoice the till retrieved, so a supervisor's retry issues that one
const RETRIEVED = 'retrievedInvoiceId';

/** Why the server refused a sale: the field's reason of a validation failure, else the refusal's. */
function refusalOf(e: AppError): { reason: string; params: Record<string, unknown> } {
  const field = e.key === 'validationFailed' ? e.fields[0] : undefined;
  return field
    ? { reason: field.code, params: { ...(field.params ?? {}), field: field.field } }
    : { reason: e.key, params: e.params };
}

async function answerOf(s: TenantScope, ctx: RequestContext, r: Row): Promise<TillSale> {
  const invoice = r.invoice_id
    ? ((await s(documentTableOf(salesInvoices))
        .where({ id: String(r.invoice_id) })
        .first('code')) as Row | undefined)
    : undefined;
  const reason = r.reason ? String(r.reason) : null;
  return {
    tillId: String(r.till_id),
    counter: Number(r.counter),
    uuid: String(r.uuid),
    number: String(r.number),
    status: r.status === 'issued' ? 'issued' : 'needsAttention',
    invoiceId: r.invoice_id ? String(r.invoice_id) : null,
    invoiceCode: invoice ? String(invoice.code) : null,
    reason,
    message: reason
      ? translate(ctx.language, reason, parseJson<Record<string, unknown>>(r.params, {}))
      : null,
    date: String(r.date),
    total: fromStored(r.total as number).toFixed(2),
    createdAt: String(r.created_at),
    resolvedAt: r.resolved_at ? String(r.resolved_at) : null,
  };
}

/**
 * Issues the till's invoice in a savepoint, in its place in the till's chain: the invoice, or why the server
 * refused it (the savepoint rolled back, nothing of it written).
 */
async function issueInPlace(
  deps: ServiceDeps,
  ctx: RequestContext,
  trx: Executor,
  place: TillPlace,
  sale: DocumentInput,
  /** A held invoice the till retrieved (drafted again): updated with the sale and issued, not a new one. */
  retrievedId?: string,
): Promise<{ invoiceId: string } | { reason: string; params: Record<string, unknown> }> {
  const save = documentSaver(deps, salesInvoices.name);
  if (retrievedId) {
    // only a held sale retrieved at a till (drafted again by `retrieve`, which only one till wins) is sold here
    const held = (await tenantScope(
      trx,
      requirePrincipal(ctx).tenantId,
    )(documentTableOf(salesInvoices))
      .where({ id: retrievedId })
      .first('code', 'status')) as Row | undefined;
    if (!held) return { reason: 'notFound', params: {} };
    if (held.status !== 'drafted')
      return {
        reason: 'tillSaleNotRetrieved',
        params: { code: String(held.code), status: String(held.status) },
      };
  }
  let savepoint: Executor | null = null;
  try {
    const record = await (
      trx as { transaction: <T>(w: (sp: Executor) => Promise<T>) => Promise<T> }
    ).transaction((sp) => {
      savepoint = sp;
      return withTillPlace(sp, place, () => save(ctx, sp, sale, retrievedId));
    });
    // the sale's stock hold is undone if the sync's own transaction rolls back
    handOverUndos(savepoint!, trx);
    return { invoiceId: record.id };
  } catch (e) {
    if (savepoint) await rolledBack(savepoint);
    if (e instanceof AppError) return refusalOf(e);
    throw e;
  }
}

/**
 * The cashier's shift a till's sale belongs to: their open shift (safe transaction) in the till's branch, opened
 * no later than the sale was made. A shift's close adds up the user's issued documents of its branch between its
 * open and its close, and a closed shift's figures never change: a sale issued with no open shift, or made
 * before the open one began (in a shift closed meanwhile), would be in no shift's close, so it is kept for a
 * supervisor instead (the till itself sells only in an open shift; offline, in the one it remembers).
 */
async function shiftRefusal(
  s: TenantScope,
  userId: string,
  branchId: string,
  input: TillSaleInput,
  number: string,
): Promise<{ reason: string; params: Record<string, unknown> } | null> {
  const shift = (await s('sales_safe_transactions')
    .where({ open_user: userId })
    .first('branch_id', 'opened_at')) as Row | undefined;
  if (shift && String(shift.branch_id) === branchId && String(shift.opened_at) <= input.issuedAt) return null;
  return { reason: 'safeTransaction.noOpenShift', params: { number } };
}

/**
 * A till's sale arriving (issue 15 deliverable 7), exactly once: by its Idempotency-Key (the sale's uuid), and
 * whatever the key, by its uuid and its place in the till's chain. Sales arrive in the till's order: the counter
 * must be the next one and the previous hash the last one's, else 409 with what the server expects, and the
 * till sends what it has from there. A sale the server refuses now (stock policy, credit limit) keeps its place
 * (its receipt exists) and waits for a supervisor.
 */
export async function syncTillSale(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: TillSaleInput,
): Promise<TillSale> {
  const p = requirePrincipal(ctx);
  return deps.transact((trx) =>
    idempotent(trx, p.tenantId, 'sales.pos.sale', ctx.idempotencyKey ?? input.uuid, input, async () => {
      const s = tenantScope(trx, p.tenantId);
      const till = await tillOf(s, ctx, input.tillId);
      const unit = tillUnit(till.id);
      const chain = await lockUnit(s, unit);
      // the same sale again (another tab, a key lost with a reload): the first answer
      const same = (await s('pos_sales').where({ uuid: input.uuid }).first()) as Row | undefined;
      if (same) {
        if (String(same.till_id) === till.id && Number(same.counter) === input.counter)
          return answerOf(s, ctx, same);
        throw new AppError(409, 'tillSaleConflict', { number: String(same.number) });
      }
      if (input.counter !== chain.counter + 1)
        throw new AppError(409, 'tillChainGap', { expected: chain.counter + 1 });
      if (input.previousHash !== chain.last_hash) throw new AppError(409, 'tillChainBroken');
      const number = tillNumber(till.code, input.counter);
      const place: TillPlace = { unit, number, ...input };
      const sale = { ...input.sale, referenceNumber: number, then: 'issue' } as DocumentInput;
      const tillCtx = { ...ctx, branchId: till.branchId };
      const outcome =
        (await shiftRefusal(s, p.userId, till.branchId, input, number)) ??
        (await issueInPlace(deps, tillCtx, trx, place, sale, input.invoiceId));
      await s('sales_issue_units').where({ unit }).update({ counter: input.counter, last_hash: input.hash });
      const now = nowIso();
      const row = {
        till_id: till.id,
        counter: input.counter,
        uuid: input.uuid,
        number,
        status: 'invoiceId' in outcome ? 'issued' : 'needsAttention',
        invoice_id: 'invoiceId' in outcome ? outcome.invoiceId : null,
        reason: 'reason' in outcome ? outcome.reason : null,
        params: 'params' in outcome ? JSON.stringify(outcome.params) : null,
        payload: JSON.stringify(input.invoiceId ? { ...sale, [RETRIEVED]: input.invoiceId } : sale),
        previous_hash: input.previousHash,
        hash: input.hash,
        issued_at: input.issuedAt,
        date: input.sale.date,
        total: toStored(documentMoneyTotals('quantity', sale).taxInclusive),
        created_by: p.userId,
        created_at: now,
      };
      await s.insert('pos_sales', row);
      return answerOf(s, ctx, { ...row, tenant_id: p.tenantId });
    }),
  );
}

/** The sales the server refused at sync, oldest first (or those a supervisor resolved), of the caller's branches. */
export async function needsAttention(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: { dateFrom?: string | undefined; resolved?: 'true' | 'false' | undefined },
): Promise<TillSale[]> {
  const s = tenantScope(deps.db, requirePrincipal(ctx).tenantId);
  const q = s('pos_sales')
    .join('pos_tills as t', function joinTill() {
      this.on('t.tenant_id', '=', 'pos_sales.tenant_id').andOn('t.id', '=', 'pos_sales.till_id');
    })
    .select('pos_sales.*')
    .orderBy('pos_sales.created_at')
    .limit(1000);
  if (query.resolved === 'true') q.whereNotNull('pos_sales.resolved_at');
  else q.where('pos_sales.status', 'needsAttention');
  if (query.dateFrom) q.where('pos_sales.date', '>=', query.dateFrom);
  if (ctx.branchId) q.where('t.branch_id', ctx.branchId);
  else if (ctx.allowedBranches) q.whereIn('t.branch_id', ctx.allowedBranches);
  const rows = (await q) as Row[];
  return Promise.all(rows.map((r) => answerOf(s, ctx, r)));
}

/**
 * A supervisor issues a kept sale again once what refused it is put right (stock received, a limit raised): in
 * its place in the till's chain, by the till's hash; refused again, it stays kept and the answer says why.
 */
export async function retryTillSale(
  deps: ServiceDeps,
  ctx: RequestContext,
  tillId: string,
  counter: number,
): Promise<TillSale> {
  const p = requirePrincipal(ctx);
  return deps.transact(async (trx) => {
    const s = tenantScope(trx, p.tenantId);
    const till = await tillOf(s, ctx, tillId);
    requireBranch(ctx, till.branchId);
    // the till's chain locked: a retry and the till's own sync, or two supervisors, go one after another
    await lockUnit(s, tillUnit(till.id));
    const row = (await s('pos_sales').where({ till_id: till.id, counter }).first()) as Row | undefined;
    if (!row) throw notFound();
    if (row.status !== 'needsAttention') return answerOf(s, ctx, row);
    const place: TillPlace = {
      unit: tillUnit(till.id),
      uuid: String(row.uuid),
      counter,
      number: String(row.number),
      previousHash: String(row.previous_hash),
      hash: String(row.hash),
      issuedAt: String(row.issued_at),
    };
    const { [RETRIEVED]: retrievedId, ...sale } = parseJson<DocumentInput & { [RETRIEVED]?: string }>(
      row.payload,
      {} as DocumentInput,
    );
    const tillCtx = { ...ctx, branchId: till.branchId };
    const outcome = await issueInPlace(deps, tillCtx, trx, place, sale as DocumentInput, retrievedId);
    if (!('invoiceId' in outcome)) {
      await s('pos_sales')
        .where({ till_id: till.id, counter })
        .update({ reason: outcome.reason, params: JSON.stringify(outcome.params) });
      throw new AppError(409, outcome.reason as never, outcome.params);
    }
    const now = nowIso();
    const changes = {
      status: 'issued',
      invoice_id: outcome.invoiceId,
      resolved_at: now,
      resolved_by: p.userId,
    };
    await s('pos_sales').where({ till_id: till.id, counter }).update(changes);
    return answerOf(s, ctx, { ...row, ...changes });
  });
}
