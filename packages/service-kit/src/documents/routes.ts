import {
  documentChecks,
  documentRoutes,
  documentTableOf,
  statusesOf,
  saveTransitionsOf,
  transitionsOf,
  documentLinesTableOf,
  type DocumentDef,
  type DocumentInput,
  type DocumentListQuery,
  type DocumentRecord,
  type DocumentTransition,
  dec,
  documentMoneyTotals,
  documentPaymentsTableOf,
  settle,
  toStored,
  InvoiceArithmeticError,
  type Settlement,
} from '@erp/contracts';
import type { ServerMessageKey } from '@erp/i18n';
import { recordAudit } from '../audit';
import type { Executor } from '../db/database';
import { tenantScope, type TenantScope } from '../db/tenant-scope';
import { AppError, conflict, notFound, type FieldIssue } from '../errors';
import { requireBranch, requirePrincipal, type RequestContext } from '../http/context';
import { idempotent } from '../http/idempotency';
import { handle, type BoundRoute } from '../http/routes';
import { newId, nowIso } from '../ids';
import { entityStore } from '../master-data/store';
import type { ServiceDeps } from '../service';
import { branchSettings, type BranchSettings } from './branch-settings';
import { resolveFiscalYear } from './fiscal-year';
import {
  clearReferencesBy,
  documentAsEntity,
  documentEntities,
  documentRows,
  documentStore,
  roundedInput,
} from './store';
import { activeClose, closeInlineLimit, enqueueClose, registerCloser } from './close-job';
import {
  assertConvertible,
  conversionIssues,
  linkConversion,
  targetsOf,
  withConversions,
} from './conversion';
import { refuseClosedPeriodDates } from './closed-periods';
import { headerFieldIssues } from './header-fields';
import { quantityTotals } from './quantity-totals';
import { registerTransitions } from './transitions';
import { attachmentRoutes } from './attachment-routes';
import type { DocumentHooks } from './hooks';

/** A type's refusal of a change to a locked document (a posted voucher: 'postedVoucher'). */
const lockedRefusal = (code: string | undefined) => (code ?? 'closedDocument') as ServerMessageKey;

/** Dates outside the chosen fiscal year are refused (spec section 5); the choice itself is checked first. */
async function checkFiscalYear(s: TenantScope, ctx: RequestContext, date: string): Promise<void> {
  const period = await resolveFiscalYear(s, ctx);
  if (date < period.startDate || date > period.endDate)
    throw new AppError(400, 'youDontHavePermToThisYear', {}, [
      { field: 'date', code: 'youDontHavePermToThisYear' },
    ]);
}

/**
 * The document engine's use cases for the document types of one service (issue 4, item 1): list, one,
 * create (numbered, per year when the branch says so), change and delete (refused when closed or referenced,
 * 'cannot edit or delete a referenced transaction'), close, attachments. Every write checks the spec's
 * document rules, posts the document's effect through the service's hook and writes an audit event, all in
 * one transaction.
 */
export function documentEngineRoutes(
  deps: ServiceDeps,
  docs: readonly DocumentDef[],
  hooks: DocumentHooks = {},
): BoundRoute[] {
  const scopeOf = (ctx: RequestContext, db: Executor = deps.db) =>
    tenantScope(db, requirePrincipal(ctx).tenantId);
  assertConvertible(docs);

  /** A closed year or a branch's lock date takes no documents (accounts announces them; closed-periods.ts). */
  const refuseClosedPeriods = (s: TenantScope, branchId: string, dates: string[]) =>
    hooks.ownsClosedPeriods ? Promise.resolve() : refuseClosedPeriodDates(s, branchId, dates);
  const branchOf = (record: DocumentRecord, fallback: string | null) =>
    typeof record.branchId === 'string' ? record.branchId : String(fallback);

  async function check(
    s: TenantScope,
    ctx: RequestContext,
    doc: DocumentDef,
    input: DocumentInput,
    settings: BranchSettings,
    before: DocumentRecord | null,
  ): Promise<void> {
    await checkFiscalYear(s, ctx, input.date);
    const issues: FieldIssue[] = documentChecks(doc, input, {
      zeroQuantity: settings.switches.allowZeroQuantity,
      zeroPrice: settings.switches.allowZeroPrice,
    });
    issues.push(
      ...(await entityStore.brokenReferences(s, documentAsEntity(doc), input, documentEntities(doc))),
      ...(await headerFieldIssues(s, doc, input, before?.id ?? null)),
    );
    if (issues.length === 0)
      issues.push(
        ...(await conversionIssues(
          s,
          ctx,
          docs,
          doc,
          input,
          before?.id ?? null,
          (source, sourceId) => documentStore.find(s, source, sourceId),
          (await hooks.mayExceedSource?.(s, ctx, doc)) ?? false,
        )),
      );
    if (issues.length === 0)
      issues.push(...((await hooks.validate?.(s, doc, input, settings, before, ctx)) ?? []));
    if (issues.length) throw new AppError(400, 'validationFailed', {}, issues);
  }

  /** What a money document's payments settle of its total: paid, change, status (400 if overpaid). */
  async function settlementOf(
    s: TenantScope,
    doc: DocumentDef,
    input: DocumentInput,
  ): Promise<Settlement | null> {
    if (!doc.payments || !doc.quantityField) return null;
    const method = doc.payments.method.name;
    const payments = (input.payments as Record<string, unknown>[] | undefined) ?? [];
    const kinds =
      (await hooks.paymentKinds?.(
        s,
        payments.map((p) => String(p[method])),
      )) ?? new Map<string, string>();
    try {
      return settle(
        documentMoneyTotals(doc.quantityField, input).taxInclusive,
        payments.map((p) => ({ amount: String(p.amount), isCash: kinds.get(String(p[method])) === 'cash' })),
      );
    } catch (e) {
      if (!(e instanceof InvoiceArithmeticError)) throw e;
      throw new AppError(400, 'validationFailed', {}, [{ field: e.field, code: e.code }]);
    }
  }

  async function settingsFor(s: TenantScope, ctx: RequestContext): Promise<BranchSettings> {
    if (!ctx.branchId) throw new AppError(400, 'branchRequired');
    const settings = await branchSettings(s, ctx.branchId);
    if (!settings.id) throw new AppError(400, 'unknownBranch');
    return settings;
  }

  /** A document of a branch the caller may not work in is neither read nor changed (issue 9 item 3). */
  async function findAllowed(
    s: TenantScope,
    ctx: RequestContext,
    doc: DocumentDef,
    id: string,
    names = true,
  ) {
    const found = await documentStore.find(s, doc, id, names);
    if (!found) throw notFound();
    requireBranch(ctx, typeof found.branchId === 'string' ? found.branchId : null);
    return found;
  }

  const { mainUnitTotals, unitNames, withQuantityTotals } = quantityTotals(hooks.lineUnits);

  /** One document as its reader sees it: with its quantities per main unit, and those units' names. */
  async function readable(s: TenantScope, doc: DocumentDef, record: DocumentRecord): Promise<DocumentRecord> {
    const totals = await mainUnitTotals(s, doc, record.lines);
    if (!totals) return record;
    const names = await unitNames(s, doc, totals);
    return { ...record, quantityTotals: totals, names: { ...names, ...record.names } };
  }

  /** A document in a locked status (closed) or referenced by another is neither changed nor deleted. */
  function refuseLocked(doc: DocumentDef, record: DocumentRecord): void {
    const { locked, lockedCode } = statusesOf(doc);
    if (locked.includes(record.status)) throw conflict(lockedRefusal(lockedCode));
    if (record.referenced) throw conflict('referencedTransaction');
  }

  /** A status change starts only from one of its statuses (a closed one: 'closedDocument', as before). */
  function refuseTransition(doc: DocumentDef, record: DocumentRecord, t: DocumentTransition): void {
    if (!t.from.includes(record.status))
      throw conflict(
        statusesOf(doc).locked.includes(record.status)
          ? lockedRefusal(statusesOf(doc).lockedCode)
          : 'documentStatusChanged',
      );
    // a quotation or an order converted in part is still closed (a reservation stopped) when no more of it will be
    const endingSource = t.endsSource === true && targetsOf(docs, doc).length > 0;
    if (record.referenced && !endingSource) throw conflict('referencedTransaction');
  }

  async function post(
    trx: Executor,
    ctx: RequestContext,
    s: TenantScope,
    doc: DocumentDef,
    record: DocumentRecord,
    deleted: boolean,
    settings: BranchSettings,
    action?: string,
  ): Promise<string | null> {
    const outcome = await hooks.post?.(trx, ctx, {
      doc,
      record,
      deleted,
      settings,
      ...(action ? { action } : {}),
    });
    const values = outcome instanceof Map ? outcome : outcome?.values;
    if (values && !deleted) await documentStore.setValues(s, doc, record.id, values);
    return (outcome instanceof Map ? null : outcome?.jobId) ?? null;
  }

  async function save(
    ctx: RequestContext,
    doc: DocumentDef,
    id: string | null,
    typed: DocumentInput,
  ): Promise<DocumentRecord> {
    return deps.transact((trx) =>
      // a create with an Idempotency-Key runs once per key (the same key again: the first result)
      idempotent(
        trx,
        requirePrincipal(ctx).tenantId,
        `${doc.service}.${doc.name}.create`,
        id ? null : (ctx.idempotencyKey ?? null),
        typed,
        () => saveIn(ctx, trx, doc, id, typed),
      ),
    );
  }

  /** A save in the caller's transaction, with the status change asked with it (`then`), or nothing is saved. */
  async function saveIn(
    ctx: RequestContext,
    trx: Executor,
    doc: DocumentDef,
    id: string | null,
    typed: DocumentInput,
  ): Promise<DocumentRecord> {
    const then = saveTransitionsOf(doc).find((t) => t.action === typed.then);
    const saved = await write(trx, ctx, doc, id, typed, !then);
    if (!then) return saved;
    // (a save that started a job answers its id: the transition reads the document as it stands)
    return transitionIn(ctx, trx, doc, saved.id, then, saved.jobId ? undefined : saved);
  }

  async function write(
    trx: Executor,
    ctx: RequestContext,
    doc: DocumentDef,
    id: string | null,
    typed: DocumentInput,
    /** The saved record is what the caller answers (else a transition follows and answers its own). */
    answered: boolean,
  ): Promise<DocumentRecord> {
    const s = scopeOf(ctx, trx);
    const before = id ? await findAllowed(s, ctx, doc, id, false) : null;
    if (before) refuseLocked(doc, before);
    // (in the transaction: SQLite's one connection is the transaction's)
    if (before && doc.closable && (await activeClose(trx, requirePrincipal(ctx).tenantId, doc, before.id)))
      throw conflict('postingInProgress');
    const settings = await settingsFor(s, ctx);
    const input = roundedInput(doc, typed, settings.digits);
    await refuseClosedPeriods(
      s,
      before ? branchOf(before, settings.id) : String(settings.id),
      before ? [before.date, input.date] : [input.date],
    );
    await check(s, ctx, doc, input, settings, before);
    const rows = documentRows(doc, input, settings.digits, await settlementOf(s, doc, input));
    const totals = await mainUnitTotals(s, doc, input.lines);
    // the total quantity in main units (the list's column), not cartons added to pieces
    if (totals) rows.totalQuantity = toStored(totals.reduce((sum, t) => sum.plus(t.quantity), dec(0)));
    const now = nowIso();
    const recordId = id ?? newId();
    if (before) {
      await s(documentTableOf(doc))
        .where({ id: recordId })
        .update({
          ...rows.header,
          total_quantity: rows.totalQuantity,
          total_value: 0,
          revision: before.revision + 1,
          updated_at: now,
        });
    } else {
      const then = answered ? {} : { then: String(typed.then) };
      await hooks.beforeNumbering?.(trx, ctx, { doc, id: recordId, input, ...then });
      const numbering = await documentStore.nextCode(s, doc, input.date, settings.switches.serialPerYear);
      await s.insert(documentTableOf(doc), {
        id: recordId,
        branch_id: settings.id,
        ...numbering,
        // a new document takes its type's first status (open; unposted for vouchers)
        status: statusesOf(doc).values[0],
        ...rows.header,
        total_quantity: rows.totalQuantity,
        total_value: 0,
        revision: 1,
        created_by: requirePrincipal(ctx).userId,
        created_at: now,
        updated_at: now,
      });
    }
    await documentStore.replaceLines(s, doc, recordId, rows.lines, rows.payments);
    await linkConversion(s, doc, recordId, input);
    const jobId = await post(
      trx,
      ctx,
      s,
      doc,
      (await documentStore.find(s, doc, recordId, false))!,
      false,
      settings,
    );
    const after = (await documentStore.find(s, doc, recordId, answered))!;
    await recordAudit(trx, ctx, doc.service, doc.name, recordId, before, after);
    return jobId ? { ...after, jobId } : after;
  }

  /**
   * Changes a document's status in the caller's transaction (close, post, unpost): checks, the posting of its
   * effect at the new revision, the audit.
   */
  async function transitionIn(
    ctx: RequestContext,
    trx: Executor,
    doc: DocumentDef,
    id: string,
    t: DocumentTransition,
    /** The document as this transaction just wrote it (a save's `then`): not read again. */
    written?: DocumentRecord,
  ) {
    const s = scopeOf(ctx, trx);
    const before = written ?? (await findAllowed(s, ctx, doc, id, false));
    refuseTransition(doc, before, t);
    const settings = await settingsFor(s, ctx);
    await checkFiscalYear(s, ctx, before.date);
    await refuseClosedPeriods(s, branchOf(before, settings.id), [before.date]);
    await s(documentTableOf(doc))
      .where({ id })
      .update({ status: t.to, revision: before.revision + 1, updated_at: nowIso() });
    // a cancelled document stands for nothing: its source is free again (another return, or its own cancel)
    if (statusesOf(doc).void?.includes(t.to)) await clearReferencesBy(s, { type: doc.name, id });
    await post(trx, ctx, s, doc, (await documentStore.find(s, doc, id, false))!, false, settings, t.action);
    const after = (await documentStore.find(s, doc, id))!;
    await recordAudit(trx, ctx, doc.service, doc.name, id, before, after);
    return after;
  }
  const closing = (doc: DocumentDef) => transitionsOf(doc).find((t) => t.action === 'close')!;
  const closeIn = (ctx: RequestContext, trx: Executor, doc: DocumentDef, id: string) =>
    transitionIn(ctx, trx, doc, id, closing(doc));
  registerCloser(deps, docs, closeIn, (ctx, doc, id) => findAllowed(scopeOf(ctx), ctx, doc, id));
  registerTransitions(deps, docs, transitionIn, (ctx, trx, doc, input, id) =>
    saveIn(ctx, trx, doc, id, input),
  );

  return docs.flatMap((doc) => {
    const [list, get, create, update, remove, attach, download, detach, ...changes] = documentRoutes(doc);
    const transitions = transitionsOf(doc);
    const routes: BoundRoute[] = [
      handle(list!, async ({ ctx, query }) => {
        const s = scopeOf(ctx);
        const page = await documentStore.list(
          s,
          doc,
          query as DocumentListQuery,
          ctx.branchId,
          ctx.allowedBranches,
        );
        return withQuantityTotals(s, doc, page);
      }),
      handle(get!, async ({ ctx, params }) => {
        const s = scopeOf(ctx);
        const id = (params as { id: string }).id;
        const found = await withConversions(
          s,
          docs,
          doc,
          await readable(s, doc, await findAllowed(s, ctx, doc, id)),
        );
        // a close running in the background: the screen follows it after a reload
        const jobId = doc.closable
          ? await activeClose(deps.db, requirePrincipal(ctx).tenantId, doc, id)
          : null;
        const recostJobId = (await hooks.recostJob?.(s, doc, found)) ?? null;
        return { ...found, ...(jobId ? { jobId } : {}), ...(recostJobId ? { recostJobId } : {}) };
      }),
      handle(create!, ({ ctx, body }) => save(ctx, doc, null, body as DocumentInput)),
      handle(update!, ({ ctx, params, body }) =>
        save(ctx, doc, (params as { id: string }).id, body as DocumentInput),
      ),
      handle(remove!, async ({ ctx, params }) => {
        const id = (params as { id: string }).id;
        await deps.transact(async (trx) => {
          const s = scopeOf(ctx, trx);
          const before = await findAllowed(s, ctx, doc, id);
          refuseLocked(doc, before);
          if (doc.closable && (await activeClose(trx, requirePrincipal(ctx).tenantId, doc, id)))
            throw conflict('postingInProgress');
          const settings = await settingsFor(s, ctx);
          await refuseClosedPeriods(s, branchOf(before, settings.id), [before.date]);
          await post(trx, ctx, s, doc, { ...before, revision: before.revision + 1 }, true, settings);
          await s(documentLinesTableOf(doc)).where({ document_id: id }).delete();
          if (doc.payments) await s(documentPaymentsTableOf(doc)).where({ document_id: id }).delete();
          await linkConversion(s, doc, id, null);
          await s('doc_attachments').where({ document_type: doc.name, document_id: id }).delete();
          await s(documentTableOf(doc)).where({ id }).delete();
          await recordAudit(trx, ctx, doc.service, doc.name, id, before, null);
        });
        return { ok: true as const };
      }),
      ...attachmentRoutes(deps, doc, [attach!, download!, detach!], scopeOf, (ctx, id) =>
        findAllowed(scopeOf(ctx), ctx, doc, id),
      ),
    ];
    changes.forEach((change, i) => {
      const t = transitions[i]!;
      if (t.action !== 'close') {
        routes.push(
          handle(change, ({ ctx, params }) =>
            deps.transact((trx) => transitionIn(ctx, trx, doc, (params as { id: string }).id, t)),
          ),
        );
        return;
      }
      routes.push(
        handle(change, async ({ ctx, params }) => {
          const id = (params as { id: string }).id;
          const before = await findAllowed(scopeOf(ctx), ctx, doc, id);
          refuseTransition(doc, before, t);
          // a large document closes in the background (close-job.ts): the answer names the job
          if (before.lines.length > closeInlineLimit(deps)) {
            await checkFiscalYear(scopeOf(ctx), ctx, before.date);
            await refuseClosedPeriods(scopeOf(ctx), branchOf(before, ctx.branchId), [before.date]);
            const jobId = await enqueueClose(deps.jobs, ctx, doc, id, before.lines.length);
            return { ...before, jobId };
          }
          if (await activeClose(deps.db, requirePrincipal(ctx).tenantId, doc, id))
            throw conflict('postingInProgress');
          return deps.transact((trx) => closeIn(ctx, trx, doc, id));
        }),
      );
    });
    return routes;
  });
}
