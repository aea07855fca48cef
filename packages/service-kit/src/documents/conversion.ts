import {
  columnOf,
  dec,
  documentLinesTableOf,
  documentTableOf,
  fromStored,
  quantityFieldOf,
  statusesOf,
  type ConversionStatus,
  type Dec,
  type DocumentDef,
  type DocumentInput,
  type DocumentRecord,
} from '@erp/contracts';
import type { TenantScope } from '../db/tenant-scope';
import { isMysql } from '../db/raw-sql';
import { conflict, notFound, type FieldIssue } from '../errors';
import { requireBranch, type RequestContext } from '../http/context';
import { clearReferencesBy, markReferenced } from './store';

/**
 * Conversion (spec section 4; issue 14): a quotation or a sales order becomes an invoice, wholly or in parts.
 * The converted document names its source and each line its source line; what a source line has left is its
 * quantity less what every document converted from it took. Written once here for every type that declares
 * `convertsFrom`.
 */

/** The types converted from `source` among the engine's types. */
export const targetsOf = (docs: readonly DocumentDef[], source: DocumentDef) =>
  docs.filter((d) => d.convertsFrom?.includes(source.name));

/** Each source line's quantity already taken by documents converted from `sourceId`, but `exceptId`'s. */
async function takenBy(
  s: TenantScope,
  docs: readonly DocumentDef[],
  source: DocumentDef,
  sourceId: string,
  exceptId: string | null,
): Promise<Map<number, Dec>> {
  const taken = new Map<number, Dec>();
  for (const target of targetsOf(docs, source)) {
    const q = s(documentLinesTableOf(target))
      .join(
        documentTableOf(target),
        `${documentTableOf(target)}.id`,
        `${documentLinesTableOf(target)}.document_id`,
      )
      .where(`${documentTableOf(target)}.source_type`, source.name)
      .andWhere(`${documentTableOf(target)}.source_id`, sourceId)
      .andWhere(`${documentTableOf(target)}.tenant_id`, s.tenantId)
      .whereNotNull(`${documentLinesTableOf(target)}.source_line_no`);
    if (exceptId) q.whereNot(`${documentTableOf(target)}.id`, exceptId);
    // a cancelled document takes nothing
    const voided = statusesOf(target).void ?? [];
    if (voided.length) q.whereNotIn(`${documentTableOf(target)}.status`, [...voided]);
    const rows = (await q
      .groupBy(`${documentLinesTableOf(target)}.source_line_no`)
      .select(`${documentLinesTableOf(target)}.source_line_no as lineNo`)
      .sum({ taken: `${documentLinesTableOf(target)}.${columnOf(quantityFieldOf(target))}` })) as {
      lineNo: unknown;
      taken: unknown;
    }[];
    for (const r of rows) {
      const lineNo = Number(r.lineNo);
      taken.set(lineNo, (taken.get(lineNo) ?? dec(0)).plus(fromStored(String(r.taken ?? 0))));
    }
  }
  return taken;
}

/**
 * The checks of a conversion, before anything is written: the source exists in the caller's branches and is in
 * a status the type converts from (by default one its type does not lock: not closed), it is locked for the rest of the transaction (MySQL; SQLite has one writer), each
 * converted line names a line of it with the same key (item and unit) and takes no more than that line has left.
 */
export async function conversionIssues(
  s: TenantScope,
  ctx: RequestContext,
  docs: readonly DocumentDef[],
  doc: DocumentDef,
  input: DocumentInput,
  exceptId: string | null,
  find: (source: DocumentDef, id: string) => Promise<DocumentRecord | null>,
  /** The caller may take more than a source line has left (spec section 6: exceed the original quantity). */
  mayExceed = false,
): Promise<FieldIssue[]> {
  const sourceId = typeof input.sourceId === 'string' ? input.sourceId : null;
  if (!doc.convertsFrom?.length || !sourceId) return [];
  const source = docs.find((d) => d.name === input.sourceType && doc.convertsFrom!.includes(d.name));
  if (!source) return [{ field: 'sourceType', code: 'validation.reference' }];
  const lock = s(documentTableOf(source)).where({ id: sourceId });
  const row = await (isMysql(s.db) ? lock.forUpdate() : lock).first('id');
  const record = row ? await find(source, sourceId) : null;
  if (!record) throw notFound();
  requireBranch(ctx, typeof record.branchId === 'string' ? record.branchId : null);
  const convertible = doc.convertsFromStatuses
    ? doc.convertsFromStatuses.includes(record.status)
    : !statusesOf(source).locked.includes(record.status);
  if (!convertible) throw conflict('sourceClosed');
  const taken = await takenBy(s, docs, source, sourceId, exceptId);
  const quantity = quantityFieldOf(doc);
  const sourceQuantity = quantityFieldOf(source);
  const asked = new Map<number, Dec>();
  const issues: FieldIssue[] = [];
  input.lines.forEach((line, i) => {
    const lineNo = typeof line.sourceLineNo === 'number' ? line.sourceLineNo : null;
    if (lineNo === null) return;
    const from = record.lines.find((l) => l.lineNo === lineNo);
    if (!from || doc.lineKey.some((k) => (from[k] ?? null) !== (line[k] ?? null))) {
      issues.push({ field: `lines.${i}.sourceLineNo`, code: 'validation.sourceLine' });
      return;
    }
    const total = (asked.get(lineNo) ?? dec(0)).plus(String(line[quantity] ?? '0'));
    asked.set(lineNo, total);
    const left = dec(String(from[sourceQuantity] ?? '0')).minus(taken.get(lineNo) ?? dec(0));
    if (total.greaterThan(left) && !mayExceed)
      issues.push({
        field: `lines.${i}.${quantity}`,
        code: 'validation.aboveRemaining',
        params: { remaining: left.toString() },
      });
  });
  return issues;
}

/** After a converted document is written: it refers to its source (which then cannot change), and only to it. */
export async function linkConversion(
  s: TenantScope,
  doc: DocumentDef,
  id: string,
  input: DocumentInput | null,
): Promise<void> {
  if (!doc.convertsFrom?.length) return;
  await clearReferencesBy(s, { type: doc.name, id });
  if (input && typeof input.sourceId === 'string' && typeof input.sourceType === 'string')
    await markReferenced(s, { type: input.sourceType, id: input.sourceId }, { type: doc.name, id });
}

/** On a convertible document's read: the documents converted from it, each line's remaining, the status. */
export async function withConversions(
  s: TenantScope,
  docs: readonly DocumentDef[],
  source: DocumentDef,
  record: DocumentRecord,
): Promise<DocumentRecord> {
  const targets = targetsOf(docs, source);
  if (targets.length === 0) return record;
  const conversions: { type: string; id: string; code: string }[] = [];
  for (const target of targets) {
    const rows = (await s(documentTableOf(target))
      .where({ source_type: source.name, source_id: record.id })
      .orderBy('seq')
      .select('id', 'code')) as { id: string; code: string }[];
    conversions.push(...rows.map((r) => ({ type: target.name, id: String(r.id), code: String(r.code) })));
  }
  const taken = await takenBy(s, docs, source, record.id, null);
  const quantity = quantityFieldOf(source);
  let left = dec(0);
  let took = dec(0);
  const lines = record.lines.map((l) => {
    const used = taken.get(l.lineNo) ?? dec(0);
    const remaining = dec(String(l[quantity] ?? '0')).minus(used);
    left = left.plus(remaining.greaterThan(0) ? remaining : 0);
    took = took.plus(used);
    return { ...l, remaining: remaining.toString() };
  });
  const conversionStatus: ConversionStatus = took.isZero() ? 'not' : left.isZero() ? 'wholly' : 'partly';
  return { ...record, lines, conversions, conversionStatus };
}

/** A converted document's source must be of a type it converts from (a programming error otherwise). */
export function assertConvertible(docs: readonly DocumentDef[]): void {
  for (const d of docs)
    for (const from of d.convertsFrom ?? [])
      if (!docs.some((x) => x.name === from))
        throw new Error(`${d.name} converts from ${from}, which is not on this engine`);
}
