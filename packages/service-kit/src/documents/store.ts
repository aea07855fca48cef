import {
  storedToString,
  columnOf,
  dec,
  documentMoneyTotals,
  documentLinesTableOf,
  formatDecimal,
  documentPaymentsTableOf,
  paymentFieldsOf,
  documentTableOf,
  fromStored,
  toStored,
  type Attachment,
  type DocumentDef,
  type DocumentInput,
  type DocumentListQuery,
  type DocumentRecord,
  type EntityDef,
  type Settlement,
  entitiesOf,
} from '@erp/contracts';
import { paginate, searchColumns, type Page } from '../db/paging';
import { isMysql } from '../db/raw-sql';
import type { TenantScope } from '../db/tenant-scope';
import { emptyToNull, storedDecimal, valueOf } from '../master-data/store';
import { referenceNames } from '../master-data/reference-names';

type Row = Record<string, unknown>;

/** The document as a pseudo-entity, so the engine's reference checks cover its header and lines. */
export function documentAsEntity(doc: DocumentDef): EntityDef {
  return {
    name: doc.name,
    service: doc.service,
    route: doc.route,
    apiPath: doc.apiPath,
    permissions: doc.permissions,
    fields: [
      ...doc.header,
      { name: 'lines', kind: 'lines', lineFields: doc.lines },
      ...(doc.payments
        ? [{ name: 'payments', kind: 'lines' as const, lineFields: paymentFieldsOf(doc) }]
        : []),
    ],
    menu: doc.menu,
  };
}

/**
 * The entities a type's references resolve among: its service's, and the type itself, so a reference to another
 * service's main data that only a document names (a closing voucher's customer) reaches the service's replica.
 */
export const documentEntities = (doc: DocumentDef): EntityDef[] => [
  ...entitiesOf(doc.service),
  documentAsEntity(doc),
];

function headerRecord(doc: DocumentDef, row: Row): DocumentRecord {
  const record: DocumentRecord = {
    id: String(row.id),
    code: String(row.code),
    date: String(row.date),
    status: String(row.status) as DocumentRecord['status'],
    referenceNumber: String(row.reference_number ?? ''),
    notes: String(row.notes ?? ''),
    branchId: row.branch_id === null || row.branch_id === undefined ? null : String(row.branch_id),
    referenced: false,
    revision: Number(row.revision),
    createdBy: row.created_by === null || row.created_by === undefined ? null : String(row.created_by),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    totalQuantity: storedToString(row.total_quantity as number),
    totalValue: storedToString(row.total_value as number),
    lines: [],
  };
  for (const f of doc.header) record[f.name] = valueOf(f, row[columnOf(f.name)]);
  if (doc.convertsFrom?.length) {
    record.sourceType =
      row.source_type === null || row.source_type === undefined ? null : String(row.source_type);
    record.sourceId = row.source_id === null || row.source_id === undefined ? null : String(row.source_id);
  }
  if (doc.payments) {
    record.paid = formatDecimal(fromStored(row.money_paid as number), 2);
    record.change = formatDecimal(fromStored(row.money_change as number), 2);
    record.paidStatus = String(row.paid_status);
  }
  if (doc.issueChain)
    record.issue =
      row.issue_counter === null || row.issue_counter === undefined
        ? null
        : {
            uuid: String(row.invoice_uuid),
            unit: String(row.issue_unit),
            counter: Number(row.issue_counter),
            previousHash: String(row.previous_hash),
            hash: String(row.invoice_hash),
            issuedAt: String(row.issued_at),
          };
  // a money document's totals as kept with it (a list shows them; the lines' and categories' on a read)
  if (doc.money)
    record.money = {
      lines: [],
      categories: [],
      ...Object.fromEntries(
        MONEY_COLUMNS.map(([name, column]) => [name, formatDecimal(fromStored(row[column] as number), 2)]),
      ),
    };
  return record;
}

/** A money document's kept totals: the figure's name and its column. */
const MONEY_COLUMNS = [
  ['lineNet', 'money_line_net'],
  ['discount', 'money_discount'],
  ['taxExclusive', 'money_tax_exclusive'],
  ['vat', 'money_vat'],
  ['taxInclusive', 'money_tax_inclusive'],
] as const;

async function referencedIds(s: TenantScope, doc: DocumentDef, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await s('doc_references')
    .where({ document_type: doc.name })
    .whereIn('document_id', ids)
    .distinct('document_id');
  return new Set(rows.map((r: Row) => String(r.document_id)));
}

function attachmentOf(row: Row): Attachment {
  return {
    id: String(row.id),
    fileName: String(row.file_name),
    contentType: String(row.content_type),
    size: Number(row.size),
    createdAt: String(row.created_at),
  };
}

/**
 * The input as the branch keeps it: every decimal rounded to the branch's digits, once, before any rule looks
 * at it (issue 11, finding 7: a quantity of 0.0001 in a three-decimal branch is a zero quantity).
 */
export function roundedInput(doc: DocumentDef, input: DocumentInput, digits: number | null): DocumentInput {
  const round = (fields: DocumentDef['lines'], row: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...row };
    for (const f of fields) {
      const v = row[f.name];
      if (f.kind !== 'decimal' || v === null || v === undefined || v === '') continue;
      out[f.name] = storedToString(storedDecimal(f, v, digits));
    }
    return out;
  };
  return {
    ...round(doc.header, input),
    lines: input.lines.map((l) => round(doc.lines, l)),
  } as DocumentInput;
}

/**
 * The stored form of an input: header columns, line rows with the value the posting gives them, and a money
 * document's payment rows with what they settle.
 */
export function documentRows(
  doc: DocumentDef,
  input: DocumentInput,
  digits: number | null,
  settlement: Settlement | null = null,
): { header: Row; lines: Row[]; payments: Row[]; totalQuantity: number } {
  const header: Row = {
    date: input.date,
    reference_number: input.referenceNumber,
    notes: input.notes,
  };
  for (const f of doc.header)
    header[columnOf(f.name)] =
      f.kind === 'decimal' ? storedDecimal(f, input[f.name], digits) : emptyToNull(f, input[f.name]);
  if (doc.money && doc.quantityField) {
    const totals = documentMoneyTotals(doc.quantityField, input);
    for (const [name, column] of MONEY_COLUMNS) header[column] = toStored(totals[name]);
  }
  if (doc.convertsFrom?.length) {
    header.source_type = input.sourceId ? (input.sourceType ?? null) : null;
    header.source_id = input.sourceId ?? null;
  }
  if (settlement) {
    header.money_paid = toStored(settlement.paid);
    header.money_change = toStored(settlement.change);
    header.paid_status = settlement.status;
  }
  const paymentFields = paymentFieldsOf(doc);
  const payments = ((input.payments as Record<string, unknown>[] | undefined) ?? []).map((p, i) => {
    const row: Row = { line_no: i + 1 };
    for (const f of paymentFields)
      row[columnOf(f.name)] = f.kind === 'decimal' ? storedDecimal(f, p[f.name], digits) : p[f.name];
    return row;
  });
  let total = dec(0);
  const lines = input.lines.map((line, i) => {
    const row: Row = { line_no: i + 1, value: 0 };
    if (doc.convertsFrom?.length) row.source_line_no = input.sourceId ? (line.sourceLineNo ?? null) : null;
    for (const f of doc.lines)
      row[columnOf(f.name)] =
        f.kind === 'decimal' ? storedDecimal(f, line[f.name], digits) : emptyToNull(f, line[f.name]);
    // a document without quantities (a voucher) totals none
    if (doc.quantityField) total = total.plus(fromStored(row[columnOf(doc.quantityField)] as number));
    return row;
  });
  return { header, lines, payments, totalQuantity: toStored(total) };
}

export const documentStore = {
  /**
   * One document. `names` (the read model's names of what it references) only where a reader sees it: the
   * engine's own reads inside a save (the record its hooks post, the audit's before and after) go without,
   * four lookups fewer each.
   */
  async find(s: TenantScope, doc: DocumentDef, id: string, names = true): Promise<DocumentRecord | null> {
    const row = await s(documentTableOf(doc)).where({ id }).first();
    if (!row) return null;
    const record = headerRecord(doc, row);
    const lines = await s(documentLinesTableOf(doc)).where({ document_id: id }).orderBy('line_no');
    record.lines = lines.map((l: Row) => {
      const line: DocumentRecord['lines'][number] = { lineNo: Number(l.line_no) };
      for (const f of doc.lines) line[f.name] = valueOf(f, l[columnOf(f.name)]);
      line.value = storedToString(l.value as number);
      if (doc.convertsFrom?.length)
        line.sourceLineNo = l.source_line_no === null ? null : Number(l.source_line_no);
      return line;
    });
    // the whole arithmetic again from what is kept: the same function, so the same figures, with each line's
    if (doc.money && doc.quantityField) record.money = documentMoneyTotals(doc.quantityField, record);
    if (doc.payments) {
      const fields = paymentFieldsOf(doc);
      record.payments = (
        await s(documentPaymentsTableOf(doc)).where({ document_id: id }).orderBy('line_no')
      ).map((p: Row) => Object.fromEntries(fields.map((f) => [f.name, valueOf(f, p[columnOf(f.name)])])));
    }
    record.referenced = (await referencedIds(s, doc, [id])).has(id);
    record.attachments = (
      await s('doc_attachments')
        .where({ document_type: doc.name, document_id: id })
        .orderBy('created_at')
        .select('id', 'file_name', 'content_type', 'size', 'created_at')
    ).map(attachmentOf);
    if (!names) return record;
    const entities = documentEntities(doc);
    record.names = {
      ...(await referenceNames(s, doc.header, [record], entities)),
      ...(await referenceNames(s, doc.lines, record.lines, entities)),
    };
    return record;
  },

  async list(
    s: TenantScope,
    doc: DocumentDef,
    query: DocumentListQuery,
    branchId: string | null,
    /** The caller's branches (null: every branch); lists without a BranchId show only these. */
    allowedBranches: readonly string[] | null = null,
  ): Promise<Page<DocumentRecord>> {
    const table = documentTableOf(doc);
    const q = s(table);
    if (branchId) q.andWhere('branch_id', branchId);
    else if (allowedBranches) q.whereIn('branch_id', [...allowedBranches]);
    searchColumns(q, ['code', 'reference_number', 'notes'], query.search);
    if (query.dateFrom) q.andWhere('date', '>=', query.dateFrom);
    if (query.dateTo) q.andWhere('date', '<=', query.dateTo);
    if (query.status) q.andWhere('status', query.status);
    if (query.storeId) {
      const storeId = query.storeId;
      q.andWhere((w) => {
        for (const f of doc.storeFields) w.orWhere(columnOf(f), storeId);
      });
    }
    const column = query.sort === 'code' ? 'seq' : query.sort === 'createdAt' ? 'created_at' : 'date';
    const page = await paginate(
      q,
      query,
      (x) =>
        x.orderBy([
          { column, order: query.order },
          { column: 'year', order: query.order },
          { column: 'seq', order: query.order },
        ]),
      (row) => headerRecord(doc, row),
    );
    const referenced = await referencedIds(
      s,
      doc,
      page.items.map((r) => r.id),
    );
    const names = await referenceNames(s, doc.header, page.items, documentEntities(doc));
    for (const r of page.items) {
      r.referenced = referenced.has(r.id);
      // each row carries the names of what it names (its stores), so a list row never shows an id
      r.names = Object.fromEntries(
        doc.header.flatMap((f) => {
          const id = r[f.name];
          return typeof id === 'string' && names[id] ? [[id, names[id]]] : [];
        }),
      );
    }
    return page;
  },

  /** The lines of some documents with what their quantity totals need (item, unit, quantity), by document. */
  async quantityLines(
    s: TenantScope,
    doc: DocumentDef,
    ids: readonly string[],
  ): Promise<Map<string, Record<string, unknown>[]>> {
    const byDocument = new Map<string, Record<string, unknown>[]>(ids.map((id) => [id, []]));
    const fields = doc.lines.filter((f) => ['itemId', 'unitId', doc.quantityField].includes(f.name));
    if (ids.length === 0 || !doc.quantityField || fields.length === 0) return byDocument;
    const rows = await s(documentLinesTableOf(doc))
      .whereIn('document_id', [...ids])
      .select('document_id', ...fields.map((f) => columnOf(f.name)));
    for (const row of rows as Row[]) {
      const line: Record<string, unknown> = {};
      for (const f of fields) line[f.name] = valueOf(f, row[columnOf(f.name)]);
      byDocument.get(String(row.document_id))?.push(line);
    }
    return byDocument;
  },

  /**
   * The next code: the sequence of the type (per year when the branch numbers per year, '26-1'). A counter
   * row locked for the transaction keeps two simultaneous saves from taking the same number on MySQL. The first
   * save of a type (or year) creates the row: two at once both find none, and the second one's plain insert broke
   * on the key (a 409 'itemAlreadyExists' for a valid document, found by the fault run). So the row is inserted
   * if absent, then locked: the later saves wait for the first one's row and take the numbers after it (three at
   * once may deadlock on that wait; the loser's transaction runs again, `retryLockConflicts`).
   */
  async nextCode(
    s: TenantScope,
    doc: DocumentDef,
    date: string,
    perYear: boolean,
  ): Promise<{ code: string; year: number; seq: number }> {
    const year = perYear ? Number(date.slice(0, 4)) : 0;
    const key = { document_type: doc.name, year };
    const locked = () => {
      const read = s('doc_counters').where(key);
      // SQLite serialises writers already (and knex warns on FOR UPDATE there)
      if (isMysql(s.db)) read.forUpdate();
      return read.first('last');
    };
    let counter = await locked();
    if (!counter) {
      // a type numbered before the counters existed continues after its highest sequence
      const [m] = (await s(documentTableOf(doc)).where({ year }).max({ n: 'seq' })) as { n: unknown }[];
      await s
        .db('doc_counters')
        .insert({ tenant_id: s.tenantId, ...key, last: Number(m?.n ?? 0) })
        .onConflict()
        .ignore();
      counter = await locked();
    }
    const seq = Number(counter!.last) + 1;
    await s('doc_counters').where(key).update({ last: seq });
    return { code: perYear ? `${String(year).slice(2)}-${seq}` : String(seq), year, seq };
  },

  async replaceLines(
    s: TenantScope,
    doc: DocumentDef,
    id: string,
    lines: Row[],
    payments: Row[] = [],
  ): Promise<void> {
    const replace = async (table: string, rows: Row[]) => {
      await s(table).where({ document_id: id }).delete();
      const keyed = rows.map((l) => ({ ...l, document_id: id }));
      for (let i = 0; i < keyed.length; i += 200) await s.insert(table, keyed.slice(i, i + 200));
    };
    await replace(documentLinesTableOf(doc), lines);
    if (doc.payments) await replace(documentPaymentsTableOf(doc), payments);
  },

  /** Stores the values the posting gave the lines, and their total. */
  async setValues(s: TenantScope, doc: DocumentDef, id: string, values: Map<number, string>): Promise<void> {
    let total = dec(0);
    for (const value of values.values()) total = total.plus(value);
    await setLineValues(
      s,
      documentLinesTableOf(doc),
      id,
      [...values].map(([lineNo, value]) => [lineNo, toStored(value)]),
    );
    await s(documentTableOf(doc))
      .where({ id })
      .update({ total_value: toStored(total) });
  },
};

/**
 * Sets the `value` of a document's lines by line number, a few hundred lines a statement (a posting of a
 * thousand lines, or a re-costing touching them, would otherwise make a round trip per line).
 */
export async function setLineValues(
  s: TenantScope,
  table: string,
  documentId: string,
  values: [lineNo: number, stored: number][],
): Promise<void> {
  for (let i = 0; i < values.length; i += 300) {
    const chunk = values.slice(i, i + 300);
    await s(table)
      .where({ document_id: documentId })
      .whereIn(
        'line_no',
        chunk.map(([lineNo]) => lineNo),
      )
      .update({
        value: s.db.raw(`case line_no ${chunk.map(() => 'when ? then ?').join(' ')} end`, chunk.flat()),
      });
  }
}

/** Another document (or a service's own record) refers to this one: it can no longer change. */
export async function markReferenced(
  s: TenantScope,
  target: { type: string; id: string },
  by: { type: string; id: string },
): Promise<void> {
  const key = { document_type: target.type, document_id: target.id, by_type: by.type, by_id: by.id };
  if (!(await s('doc_references').where(key).first('by_id'))) await s.insert('doc_references', key);
}

export async function clearReferencesBy(s: TenantScope, by: { type: string; id: string }): Promise<void> {
  await s('doc_references').where({ by_type: by.type, by_id: by.id }).delete();
}

/** Whether a document of the service names a record in its header or lines (a store, an item, a unit). */
export async function usedByDocuments(
  s: TenantScope,
  docs: readonly DocumentDef[],
  entity: string,
  id: string,
): Promise<boolean> {
  for (const doc of docs) {
    for (const f of doc.header)
      if (f.reference === entity && (await s(documentTableOf(doc)).where(columnOf(f.name), id).first('id')))
        return true;
    for (const f of doc.lines)
      if (
        f.reference === entity &&
        (await s(documentLinesTableOf(doc)).where(columnOf(f.name), id).first('document_id'))
      )
        return true;
  }
  return false;
}
