import { useEffect, useMemo, useState } from 'react';
import { masterDataEntities, type EntityDef, type FieldDef } from '@erp/contracts';
import type { Language } from '@erp/i18n';
import type { FeatureContext } from '../contract';
import { nameOf } from './names';

export interface ReferenceOption {
  value: string;
  label: string;
}

export interface Named {
  id: string;
  arabicName?: string;
  englishName?: string;
  fullName?: string;
  userName?: string;
}

/** How many records a reference list loads: the largest page the API serves (spec section 9). */
export const REFERENCE_PAGE_SIZE = 500;

export async function loadReference(context: FeatureContext, reference: string): Promise<Named[]> {
  if (reference === 'branches') {
    if (context.branches?.length) return [...context.branches];
    const startUp = await context.api.get<{ branches: Named[] }>('/api/aggregates/StartUp', undefined, {
      quiet: true,
    });
    return startUp.branches;
  }
  const path =
    reference === 'users' ? '/api/Users' : masterDataEntities.find((e) => e.name === reference)?.apiPath;
  if (!path) return [];
  const page = await context.api.get<{ items: Named[] }>(path, undefined, {
    query: { pageSize: REFERENCE_PAGE_SIZE },
    quiet: true,
  });
  return page.items;
}

export function labelOf(record: Named, language: Language): string {
  if (record.fullName !== undefined || record.userName !== undefined) {
    return record.fullName || record.userName || record.id;
  }
  return nameOf(record, language) || record.id;
}

/** The reference fields of a list of fields, their lines' included, keyed as the form reads them. */
export function referenceFields(fields: readonly FieldDef[]): { key: string; reference: string }[] {
  const out: { key: string; reference: string }[] = [];
  for (const f of fields) {
    if ((f.kind === 'reference' || f.kind === 'references') && f.reference)
      out.push({ key: f.name, reference: f.reference });
    if (f.kind === 'lines')
      for (const lf of f.lineFields ?? [])
        if (lf.kind === 'reference' && lf.reference)
          out.push({ key: `${f.name}.${lf.name}`, reference: lf.reference });
  }
  return out;
}

/**
 * The choices of an entity's reference fields (and of its lines' reference cells, keyed `units.unitId`),
 * loaded once per screen: the referenced entity's list (one page of 500), the context's branches for
 * 'branches', '/api/Users' for 'users'. A list the user may not read (403) or that fails leaves its field
 * without choices instead of breaking the screen; a stored id without a choice is shown as is.
 */
export function useReferenceOptions(
  entity: Pick<EntityDef, 'fields'>,
  context: FeatureContext,
  /** Bumped when the list shows an id the loaded choices lack (a record created since): load them again. */
  version = 0,
): Record<string, readonly ReferenceOption[]> {
  const fields = useMemo(() => referenceFields(entity.fields), [entity]);
  const references = useMemo(() => [...new Set(fields.map((f) => f.reference))], [fields]);
  const [records, setRecords] = useState<Record<string, Named[]>>({});
  const { api, branches } = context;

  useEffect(() => {
    let live = true;
    for (const reference of references) {
      loadReference({ ...context, api, branches }, reference).then(
        (items) => live && setRecords((r) => ({ ...r, [reference]: items })),
        () => live && setRecords((r) => ({ ...r, [reference]: [] })),
      );
    }
    return () => {
      live = false;
    };
    // loaded once per screen (and when the client or the branches change), not on every context change
  }, [references, api, branches, version]);

  const language = context.language;
  return useMemo(() => {
    const out: Record<string, ReferenceOption[]> = {};
    for (const f of fields) {
      out[f.key] = (records[f.reference] ?? []).map((r) => ({ value: r.id, label: labelOf(r, language) }));
    }
    return out;
  }, [fields, records, language]);
}

/**
 * A new record's starting references (issue 12 item 9): a branch field starts at the user's current branch,
 * a field with `defaultWhere` at the first referenced record with those values (a new item's tax: the standard
 * VAT category). The service applies the same `defaultWhere` rule when the field is sent empty.
 */
export function useReferenceDefaults(
  entity: Pick<EntityDef, 'fields'>,
  context: FeatureContext,
  enabled: boolean,
): Record<string, string> {
  const [found, setFound] = useState<Record<string, string>>({});
  const branchId = context.branch?.id ?? null;
  const { api } = context;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    for (const f of entity.fields) {
      const where = f.defaultWhere;
      if (f.kind !== 'reference' || !f.reference || !where) continue;
      loadReference(context, f.reference).then(
        (records) => {
          const match = records.find((r) =>
            Object.entries(where).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v),
          );
          if (live && match) setFound((d) => ({ ...d, [f.name]: match.id }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
    // once per form
  }, [entity, api, enabled]);
  return useMemo(() => {
    const out: Record<string, string> = { ...found };
    for (const f of entity.fields)
      if (f.kind === 'reference' && f.reference === 'branches' && branchId && f.defaultValue === undefined)
        out[f.name] = branchId;
    return out;
  }, [found, entity, branchId]);
}
