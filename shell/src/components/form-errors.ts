import type { ApiError } from '@erp/api-client';
import { translate, type Language } from '@erp/i18n';

/** Field path ('branches', 'phones.1') → the message shown under the field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first issue of each field from the contracts' zod schemas, in the server's words (same keys, same texts). */
export function issuesToFieldErrors(issues: readonly Issue[], language: Language): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= translate(language, issue.message);
  }
  return out;
}

/** A 400's per-field errors (already translated by the server), keyed by field. */
export function apiFieldErrors(error: ApiError): FieldErrors {
  const out: FieldErrors = {};
  for (const e of error.errors) out[e.field] ??= e.message;
  return out;
}

/** The message of a field or of any of its items ('phones' shows the error of 'phones.1'). */
export function errorOf(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const prefix = `${field}.`;
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key ? errors[key] : undefined;
}
