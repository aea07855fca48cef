import { useMemo } from 'react';
import { items as itemsEntity, paymentFieldsOf, type DocumentDef, type ReferenceNames } from '@erp/contracts';
import type { Language } from '@erp/i18n';
import type { FeatureContext } from '../contract';
import { nameOf } from '../master-data/form-model';
import { useReferenceOptions, type ReferenceOption } from '../master-data/references';

/** The choices the document's reference fields need (stores, units): everything but the items (picked). */
export function useDocumentReferences(doc: DocumentDef, context: FeatureContext) {
  const fields = useMemo(
    () => ({
      fields: [
        ...doc.header,
        ...doc.lines.filter((f) => f.reference !== itemsEntity.name),
        // a money document's payment methods
        ...paymentFieldsOf(doc),
      ],
    }),
    [doc],
  );
  return useReferenceOptions(fields, context);
}

export const namesOf = (options: readonly ReferenceOption[] | undefined) =>
  new Map((options ?? []).map((o) => [o.value, o.label]));

/**
 * The names a document brought with it (issue 12 item 1), as labels in the language: what the user sees when
 * they may read the document but not the stores, items or units it names. Items read 'code · name'.
 */
export function recordNames(
  names: ReferenceNames | undefined,
  language: Language,
  coded: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, n] of Object.entries(names ?? {})) {
    const name = nameOf(n, language) || n.code || id;
    out.set(id, coded.has(id) && n.code ? `${n.code} · ${name}` : name);
  }
  return out;
}

/** Names from the loaded lists first (fresh), then those the document brought. */
export function mergedNames(...maps: ReadonlyMap<string, string>[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of maps.reverse()) for (const [k, v] of m) out.set(k, v);
  return out;
}
