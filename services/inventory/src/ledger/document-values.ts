import { documentLinesTableOf, documentTableOf, fromStored, stockDocuments, toStored } from '@erp/contracts';
import { setLineValues, type TenantScope } from '@erp/service-kit';
import type { CostLine } from './recost';

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * Inventory's own documents show each line's value at cost: when a back-dated change re-costs one of their
 * lines, the document shows the new value (and total), so what the screen and the print say is the ledger's.
 */
export async function refreshDocumentValues(
  s: TenantScope,
  corrections: { line: CostLine; delta: bigint }[],
): Promise<void> {
  const byDocument = new Map<string, { line: CostLine; value: bigint }[]>();
  for (const { line, delta } of corrections) {
    if (line.doc.sourceService !== 'inventory' || !line.lineNo || line.booked === null) continue;
    const list = byDocument.get(line.doc.documentId) ?? [];
    list.push({ line, value: line.booked + delta });
    byDocument.set(line.doc.documentId, list);
  }
  for (const [id, all] of byDocument) {
    // one value per document line (the last, as a row-by-row update would leave it)
    const lines = [...new Map(all.map((l) => [l.line.lineNo!, l])).values()];
    const doc = stockDocuments.find((d) => d.name === lines[0]!.line.doc.documentType);
    if (!doc) continue;
    await setLineValues(
      s,
      documentLinesTableOf(doc),
      id,
      lines.map(({ line, value }) => [line.lineNo!, toStored(fromStored(abs(value).toString()))]),
    );
    const [sum] = await s(documentLinesTableOf(doc)).where({ document_id: id }).sum({ v: 'value' });
    await s(documentTableOf(doc))
      .where({ id })
      .update({ total_value: toStored(fromStored((sum?.v ?? 0) as number)) });
  }
}
