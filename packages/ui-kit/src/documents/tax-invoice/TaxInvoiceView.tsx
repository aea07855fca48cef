import { useEffect, useState } from 'react';
import { customers, documentDefinitions, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { useFeature } from '../../feature';
import { useLetterhead } from '../../PrintHeader';
import { TaxInvoiceSheet, type PrintBlocks } from './TaxInvoicePrint';
import type { Buyer } from './tax-invoice-model';

/** One read for the print, quiet: a refused or missing record leaves its block to the names the document has. */
function useRead<T>(path: string | null, id: string | null): T | null {
  const { api } = useFeature();
  const [found, setFound] = useState<T | null>(null);
  useEffect(() => {
    setFound(null);
    if (!path || !id) return;
    let live = true;
    api.get<T>(path, id, { quiet: true }).then(
      (r) => live && setFound(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, path, id]);
  return found;
}

/**
 * The tax invoice's print with what it names beyond the document: the company and issuing branch (StartUp,
 * read once per session), the buyer's VAT number and national address (the customer's read) and, for a credit
 * note, the original invoice's code.
 */
export function TaxInvoiceView({
  doc,
  record,
  paymentNames,
  blocks,
}: {
  doc: DocumentDef;
  record: DocumentRecord;
  paymentNames: ReadonlyMap<string, string>;
  blocks: PrintBlocks;
}) {
  const context = useFeature();
  const letterhead = useLetterhead();
  const branchId = typeof record.branchId === 'string' ? record.branchId : (context.branch?.id ?? null);
  const branch = letterhead?.branches.find((b) => b.id === branchId) ?? null;
  const customerId = typeof record.customerId === 'string' ? record.customerId : null;
  const buyer = useRead<Buyer>(customers.apiPath, customerId);
  const source = documentDefinitions.find((d) => d.name === record.sourceType) ?? null;
  const original = useRead<DocumentRecord>(
    source?.apiPath ?? null,
    typeof record.sourceId === 'string' ? record.sourceId : null,
  );
  const method = doc.payments?.method.name ?? 'paymentMethodId';
  return (
    <TaxInvoiceSheet
      record={record}
      company={letterhead?.company ?? null}
      branch={branch}
      buyer={buyer}
      sourceCode={original?.code ?? null}
      paymentName={(p) => paymentNames.get(String(p[method] ?? '')) ?? ''}
      dir={context.dir}
      blocks={blocks}
    />
  );
}
