import { formatDecimal, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { PrintHeader, PrintSignatures, useLetterhead } from '../PrintHeader';
import { fieldLabel, formatDate, label, type Language } from '@erp/i18n';
import { useFeature } from '../feature';
import { nameOf, type FormValues } from '../master-data/form-model';
import { type ReferenceOption } from '../master-data/references';
import { lineValue, linesOf } from './document-model';
import { type CatalogItem } from './items';
import { namesOf } from './document-references';
import { isTaxDocument } from './tax-invoice/tax-document';
import type { PrintBlocks } from './tax-invoice/TaxInvoicePrint';
import { loadable } from '../loadable';

// the tax invoice's sheet (its bilingual layout and QR code) comes with the first issued money document shown:
// a stock document's page never fetches it (issue 12: a screen fetches what it uses)
const TaxInvoiceView = loadable(() => import('./tax-invoice/TaxInvoiceView').then((m) => m.TaxInvoiceView));

/** Without a template: notes and signature lines, no texts (every print as it always was). */
export const defaultPrintBlocks: PrintBlocks = {
  showNotes: true,
  showSignatures: true,
  headerText: '',
  footerText: '',
};

/**
 * The one print of every document (issue 12; issue 14, deliverable 6): an issued money document of an issue chain
 * (a sales invoice, a return) prints as a bilingual tax invoice or credit note from its issued read; every other
 * document, and an invoice not issued yet, prints its form as it stands.
 */
export function PrintView({
  doc,
  docName,
  record,
  values,
  items,
  references,
  unitNames,
  names,
  totals,
  language,
  digits,
  blocks: given,
}: {
  doc: DocumentDef;
  docName: string;
  record: DocumentRecord | null;
  values: FormValues;
  items: Record<string, CatalogItem>;
  references: Record<string, readonly ReferenceOption[]>;
  unitNames: ReadonlyMap<string, string>;
  /** The names the document brought (issue 12 item 1). */
  names: ReadonlyMap<string, string>;
  totals: { quantity: string; value: string };
  language: Language;
  digits: number;
  /** What the print shows of its optional blocks; by default the company's template for the document type. */
  blocks?: PrintBlocks;
}) {
  const context = useFeature();
  const templates: Readonly<Record<string, Partial<PrintBlocks> | undefined>> =
    useLetterhead()?.company.printTemplates ?? {};
  const blocks = given ?? { ...defaultPrintBlocks, ...templates[doc.name] };
  const lines = linesOf(values).filter((l) => l.itemId);
  const dir = context.dir;
  if (record && isTaxDocument(doc, record)) {
    const method = doc.payments?.method.name ?? '';
    return (
      <TaxInvoiceView
        doc={doc}
        record={record}
        paymentNames={new Map([...names, ...namesOf(references[method])])}
        blocks={blocks}
      />
    );
  }
  return (
    <div className="erp-print" dir={dir} lang={language} data-testid="doc-print-view">
      <PrintHeader title={docName} code={record?.code} />
      {blocks.headerText ? <p data-testid="print-header-text">{blocks.headerText}</p> : null}
      <dl>
        <dt>{label(language, 'fields.date')}</dt>
        <dd>{formatDate(String(values.date ?? ''), language, { hijri: context.showHijri })}</dd>
        {doc.header.map((f) => (
          <PrintPair
            key={f.name}
            name={f.name}
            owner={doc.name}
            language={language}
            value={
              namesOf(references[f.name]).get(String(values[f.name] ?? '')) ??
              names.get(String(values[f.name] ?? '')) ??
              ''
            }
          />
        ))}
        <PrintPair name="referenceNumber" language={language} value={String(values.referenceNumber ?? '')} />
        {record ? (
          <PrintPair name="status" language={language} value={label(language, `options.${record.status}`)} />
        ) : null}
        {context.branch ? (
          <PrintPair name="branchId" language={language} value={nameOf(context.branch, language)} />
        ) : null}
      </dl>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{label(language, 'fields.code')}</th>
            <th>{label(language, 'fields.itemId')}</th>
            {doc.lines
              .filter((f) => f.name !== 'itemId')
              .map((f) => (
                <th key={f.name}>{label(language, `fields.${f.name}`)}</th>
              ))}
            <th>{label(language, 'fields.value')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const item = items[String(line.itemId)];
            return (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{item?.code ?? ''}</td>
                <td>{item ? nameOf(item, language) : (names.get(String(line.itemId)) ?? '')}</td>
                {doc.lines
                  .filter((f) => f.name !== 'itemId')
                  .map((f) => (
                    <td key={f.name}>
                      {f.name === 'unitId'
                        ? (unitNames.get(String(line.unitId ?? '')) ?? '')
                        : f.kind === 'decimal' &&
                            f.name !== doc.quantityField &&
                            line[f.name] !== '' &&
                            line[f.name] !== null &&
                            line[f.name] !== undefined
                          ? // amounts in the branch's decimals on every line
                            formatDecimal(String(line[f.name]), digits)
                          : f.kind === 'enum' && line[f.name]
                            ? // a choice by its label (a voucher line's VAT return box)
                              label(language, `options.${String(line[f.name])}`)
                            : String(line[f.name] ?? '')}
                    </td>
                  ))}
                <td>{lineValue(doc, line, digits) ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={doc.lines.length + 2}>{label(language, 'fields.totalValue')}</td>
            <td>{totals.value}</td>
          </tr>
        </tfoot>
      </table>
      {blocks.showNotes && values.notes ? (
        <p>
          <strong>{label(language, 'fields.notes')}: </strong>
          {String(values.notes)}
        </p>
      ) : null}
      {blocks.showSignatures ? <PrintSignatures /> : null}
      {blocks.footerText ? <p data-testid="print-footer-text">{blocks.footerText}</p> : null}
    </div>
  );
}

function PrintPair({
  name,
  owner,
  language,
  value,
}: {
  name: string;
  owner?: string;
  language: Language;
  value: string;
}) {
  return (
    <>
      <dt>{fieldLabel(language, name, owner)}</dt>
      <dd>{value}</dd>
    </>
  );
}
