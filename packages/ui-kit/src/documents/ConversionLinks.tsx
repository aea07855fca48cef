import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDef, DocumentRecord } from '@erp/contracts';
import { label } from '@erp/i18n';
import { useFeature } from '../feature';
import type { FormValues } from '../master-data/form-model';
import {
  canConvert,
  conversionPath,
  conversionSource,
  conversionTargets,
  convertedValues,
} from './conversion-model';

/**
 * A new page opened from a source (`?from=quotations:<id>`): the form starts as the conversion of the source's
 * remaining lines (conversion-model.ts); a source that cannot be read leaves the form empty.
 */
export function useConvertedStart(
  doc: DocumentDef,
  editing: boolean,
  date: string,
  onValues: (values: FormValues) => void,
): void {
  const { api } = useFeature();
  useEffect(() => {
    if (editing || typeof window === 'undefined') return;
    const from = conversionSource(doc, window.location.search);
    if (!from) return;
    let live = true;
    api
      .get<DocumentRecord>(from.source.apiPath, from.id, { quiet: true })
      .then((record) => {
        if (live) onValues(convertedValues(doc, from.source, record, date));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // once per page: the source is read when the page opens (onValues and date are not a reason to read again)
  }, [doc, editing]);
}

/** The document's conversions the user may start now: an order or invoice from it, a return of it. */
export function ConversionLinks({ doc, record }: { doc: DocumentDef; record: DocumentRecord }) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  return (
    <>
      {conversionTargets(doc)
        .filter((target) => context.can(target.permissions.add) && canConvert(doc, target, record))
        .map((target) => (
          <Button
            key={target.name}
            type="button"
            label={t('doc.convertInto', { document: label(context.language, `documents.${target.name}`) })}
            icon="pi pi-arrow-right-arrow-left"
            outlined
            data-testid={`doc-convert-${target.name}`}
            onClick={() => context.navigate(conversionPath(target, doc, record.id))}
          />
        ))}
    </>
  );
}
