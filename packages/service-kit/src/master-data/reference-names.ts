import type { EntityDef, FieldDef, ReferenceNames } from '@erp/contracts';
import type { TenantScope } from '../db/tenant-scope';
import { referenceTable } from './store';

type Row = Record<string, unknown>;

/** The fields whose values name other records (a header's store, a line's item and unit). */
export function namingFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => (f.kind === 'reference' || f.kind === 'references') && f.reference);
}

/**
 * The code and names of the records these rows name, keyed by id (issue 12 item 1). A document's reader may
 * lack the right to read the stores, items or units it names: the names come with the document, read from
 * the service's own tables (or its identity replicas for branches and users), so no screen shows an id.
 */
export async function referenceNames(
  s: TenantScope,
  fields: readonly FieldDef[],
  rows: readonly Row[],
  entities: readonly EntityDef[],
): Promise<ReferenceNames> {
  const wanted = new Map<string, Set<string>>();
  for (const f of namingFields(fields)) {
    let table: string;
    try {
      table = referenceTable(f, entities);
    } catch {
      continue; // a reference kept in another service: no table here to name it from
    }
    const ids = wanted.get(table) ?? new Set<string>();
    for (const row of rows) {
      const v = row[f.name];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'string' && id !== '') ids.add(id);
    }
    wanted.set(table, ids);
  }
  const names: ReferenceNames = {};
  for (const [table, ids] of wanted) {
    const list = [...ids];
    for (let i = 0; i < list.length; i += 500) {
      const found = (await s.byIds(table, list.slice(i, i + 500))) as Row[];
      for (const r of found) {
        // users have one name in any language
        const person = r.full_name ?? r.user_name;
        names[String(r.id)] = {
          code: String(r.code ?? r.user_name ?? ''),
          arabicName: String(r.arabic_name ?? person ?? ''),
          englishName: String(r.english_name ?? person ?? ''),
        };
      }
    }
  }
  return names;
}
