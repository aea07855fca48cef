import { dec, documentDefinitions, statusesOf, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { emptyLine, lineFromRecord, type FormValues } from '../master-data/form-model';
import { emptyDocument } from './document-model';

/**
 * Conversion on the screens (spec section 4; issue 14): a quotation or an order opens as a new invoice, an issued
 * invoice as a new return, each line taking what its source line has left, without React. The service checks it
 * again (conversion.ts in the service kit): this only starts the form where the user expects it.
 */

/** The types a document of `doc` converts into (an invoice from a quotation, a return from an invoice). */
export const conversionTargets = (doc: Pick<DocumentDef, 'name'>): DocumentDef[] =>
  documentDefinitions.filter((d) => d.convertsFrom?.includes(doc.name));

/** Whether `record` can be converted into `target` now: a status it takes, and something left. */
export function canConvert(source: DocumentDef, target: DocumentDef, record: DocumentRecord): boolean {
  const statusOk = target.convertsFromStatuses
    ? target.convertsFromStatuses.includes(record.status)
    : !statusesOf(source).locked.includes(record.status);
  return statusOk && record.conversionStatus !== 'wholly';
}

/** The new page of `target` started from a source: `<route>/new?from=<type>:<id>`. */
export const conversionPath = (target: DocumentDef, source: DocumentDef, id: string) =>
  `${target.route}/new?from=${encodeURIComponent(`${source.name}:${id}`)}`;

/** The source a new page was opened from (`from=<type>:<id>`), when `target` converts from that type. */
export function conversionSource(
  target: DocumentDef,
  search: string,
): { source: DocumentDef; id: string } | null {
  const from = new URLSearchParams(search).get('from');
  if (!from) return null;
  const [type, id] = from.split(':');
  const source = documentDefinitions.find((d) => d.name === type);
  if (!source || !id || !target.convertsFrom?.includes(source.name)) return null;
  return { source, id };
}

/**
 * A new document of `target` from its source as read (with each line's `remaining`): the header fields both
 * types have, and a line per source line with something left, its quantity what is left, naming its source line.
 */
export function convertedValues(
  target: DocumentDef,
  source: DocumentDef,
  record: DocumentRecord,
  date: string,
): FormValues {
  const values = emptyDocument(target, date);
  const header = lineFromRecord(
    target.header.filter((f) => f.name in record),
    record,
  );
  const quantity = target.quantityField ?? 'quantity';
  const lines = [...record.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .filter((l) => l.remaining === undefined || dec(String(l.remaining)).greaterThan(0))
    .map((l) => ({
      ...emptyLine(target.lines),
      ...lineFromRecord(
        target.lines.filter((f) => f.name in l),
        l,
      ),
      [quantity]: l.remaining ?? l[quantity] ?? '',
      sourceLineNo: l.lineNo,
    }));
  return {
    ...values,
    ...header,
    // its payments are its own: none are carried over
    ...(target.payments ? { payments: [] } : {}),
    sourceType: source.name,
    sourceId: record.id,
    lines: lines.length ? lines : values.lines,
  };
}
