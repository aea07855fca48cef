import { columnOf, documentTableOf, statusesOf, type DocumentDef, type DocumentInput } from '@erp/contracts';
import type { TenantScope } from '../db/tenant-scope';
import type { FieldIssue } from '../errors';
import { companyBusinessTypes } from '../master-data/replicas';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The header rules the form's schema cannot judge alone (issue 14, car showrooms): a field of some businesses is
 * required only where the company is one of them (its replica of the company's business types), and a unique
 * field (a chassis number) is not on another standing document of the type (cancelled ones stand for nothing).
 */
export async function headerFieldIssues(
  s: TenantScope,
  doc: DocumentDef,
  input: DocumentInput,
  exceptId: string | null,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const flagged = doc.header.filter((f) => f.required && f.flags?.length);
  const types = flagged.length ? await companyBusinessTypes(s) : new Set<string>();
  for (const f of flagged)
    if (f.flags!.some((flag) => types.has(flag)) && isEmpty(input[f.name]))
      issues.push({ field: f.name, code: 'validation.required' });
  for (const f of doc.header.filter((x) => x.unique)) {
    const value = input[f.name];
    if (isEmpty(value)) continue;
    const q = s(documentTableOf(doc)).where(columnOf(f.name), String(value));
    if (exceptId) q.whereNot('id', exceptId);
    const voided = statusesOf(doc).void ?? [];
    if (voided.length) q.whereNotIn('status', [...voided]);
    if (await q.first('id')) issues.push({ field: f.name, code: 'valueAlreadyUsed' });
  }
  return issues;
}
