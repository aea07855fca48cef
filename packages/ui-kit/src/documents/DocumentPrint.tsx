import { type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { fieldLabel, label, type Language } from '@erp/i18n';
import { useFeature } from '../feature';
import { nameOf, type FormValues } from '../master-data/form-model';
import { type ReferenceOption } from '../master-data/references';
import { lineValue, linesOf } from './document-model';
import { type CatalogItem } from './items';
import { namesOf } from './document-references';

export function PrintView({
  doc,
  docName,
  record,
  values,
  items,
  references,
  unitNames,
  totals,
  language,
  digits,
}: {
  doc: DocumentDef;
  docName: string;
  record: DocumentRecord | null;
  values: FormValues;
  items: Record<string, CatalogItem>;
  references: Record<string, readonly ReferenceOption[]>;
  unitNames: ReadonlyMap<string, string>;
  totals: { quantity: string; value: string };
  language: Language;
  digits: number;
}) {
  const context = useFeature();
  const lines = linesOf(values).filter((l) => l.itemId);
  const dir = context.dir;
  return (
    <div className="erp-print" dir={dir} lang={language} data-testid="doc-print-view">
      <h1>
        {docName} {record?.code ?? ''}
      </h1>
      <dl>
        <dt>{label(language, 'fields.date')}</dt>
        <dd>{String(values.date ?? '')}</dd>
        {doc.header.map((f) => (
          <PrintPair
            key={f.name}
            name={f.name}
            owner={doc.name}
            language={language}
            value={namesOf(references[f.name]).get(String(values[f.name] ?? '')) ?? ''}
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
                <td>{item ? nameOf(item, language) : String(line.itemId)}</td>
                {doc.lines
                  .filter((f) => f.name !== 'itemId')
                  .map((f) => (
                    <td key={f.name}>
                      {f.name === 'unitId'
                        ? (unitNames.get(String(line.unitId ?? '')) ?? '')
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
      {values.notes ? (
        <p>
          <strong>{label(language, 'fields.notes')}: </strong>
          {String(values.notes)}
        </p>
      ) : null}
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
