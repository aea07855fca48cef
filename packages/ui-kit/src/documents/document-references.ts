import { useMemo } from 'react';
import { items as itemsEntity, type DocumentDef } from '@erp/contracts';
import type { FeatureContext } from '../contract';
import { useReferenceOptions, type ReferenceOption } from '../master-data/references';

/** The choices the document's reference fields need (stores, units): everything but the items (picked). */
export function useDocumentReferences(doc: DocumentDef, context: FeatureContext) {
  const fields = useMemo(
    () => ({ fields: [...doc.header, ...doc.lines.filter((f) => f.reference !== itemsEntity.name)] }),
    [doc],
  );
  return useReferenceOptions(fields, context);
}

export const namesOf = (options: readonly ReferenceOption[] | undefined) =>
  new Map((options ?? []).map((o) => [o.value, o.label]));
