import { entityInputSchema, roundTo, type EntityDef, type FieldDef } from '@erp/contracts';
import { isServerMessageKey, translate, type Language } from '@erp/i18n';

/**
 * The master-data form as data, without React: the values a form holds, the payload it sends, the translated
 * per-field messages (the same zod schema and the same server texts as the API, spec section 5), and the
 * rounding of decimal inputs. Decimals stay strings from input to wire: never floats.
 */
export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

/** A stored record as the list and the form read it (see `entityRecordSchema`). */
export type EntityRecord = Record<string, unknown> & {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
};

const TEXT_KINDS = new Set(['text', 'textarea', 'secret', 'phone', 'email', 'iban', 'taxNumber', 'date']);

function emptyOf(f: FieldDef): unknown {
  if (f.defaultValue !== undefined && f.defaultValue !== null) {
    return f.kind === 'decimal' ? String(f.defaultValue) : f.defaultValue;
  }
  if (f.kind === 'boolean') return false;
  if (f.kind === 'references') return [];
  if (f.kind === 'decimal') return '';
  if (TEXT_KINDS.has(f.kind)) return '';
  return null; // integer, enum, reference
}

/** A new record's form: code empty (the server gives the next number), each field's default. */
export function emptyValues(entity: EntityDef): FormValues {
  const values: FormValues = { code: '', arabicName: '', englishName: '' };
  for (const f of entity.fields) values[f.name] = emptyOf(f);
  return values;
}

/** A stored record's form; secrets are never sent back, so their input starts empty ('keep'). */
export function valuesFromRecord(entity: EntityDef, record: EntityRecord): FormValues {
  const values: FormValues = {
    code: record.code ?? '',
    arabicName: record.arabicName ?? '',
    englishName: record.englishName ?? '',
  };
  for (const f of entity.fields) {
    const v = record[f.name];
    if (f.kind === 'secret') values[f.name] = '';
    else if (f.kind === 'decimal') values[f.name] = v === null || v === undefined ? '' : String(v);
    else if (v === undefined) values[f.name] = emptyOf(f);
    else values[f.name] = v;
  }
  return values;
}

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined || (Array.isArray(v) && !v.length);

/**
 * The body of a create or update. An empty decimal is null (not ''); the spec's rule 'englishName from
 * arabicName when empty' is applied here too, so what the user sees after saving is what was sent.
 */
export function toPayload(entity: EntityDef, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    code: String(values.code ?? '').trim(),
    arabicName: String(values.arabicName ?? ''),
    englishName: String(values.englishName ?? '').trim() || String(values.arabicName ?? ''),
  };
  for (const f of entity.fields) {
    const v = values[f.name];
    if (f.kind === 'decimal') body[f.name] = isEmpty(v) ? null : String(v).trim();
    else if (f.kind === 'integer') body[f.name] = isEmpty(v) ? null : v;
    else body[f.name] = v;
  }
  return body;
}

interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

/** A zod issue as a server message key, the way the API maps it (service-kit's `issueToField`). */
export function issueKey(issue: Issue): { key: string; params: Record<string, unknown> } {
  const params = {
    minimum: issue.minimum ?? issue.params?.minimum ?? '',
    maximum: issue.maximum ?? issue.params?.maximum ?? '',
  };
  if (isServerMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'validation.required' : 'validation.type', params };
    case 'too_small':
      return {
        key:
          issue.origin === 'string' && Number(issue.minimum) === 1 ? 'validation.required' : 'validation.min',
        params,
      };
    case 'too_big':
      return { key: 'validation.max', params };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.invalid', params };
    default:
      return { key: 'validation.invalid', params };
  }
}

/**
 * Validates the form with the entity's own input schema (the one the server parses with) and returns the
 * translated message of each field in error; empty when the form may be sent.
 */
export function validate(entity: EntityDef, values: FormValues, language: Language): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of entity.fields) {
    if (f.required && isEmpty(values[f.name])) errors[f.name] = translate(language, 'validation.required');
  }
  const result = entityInputSchema(entity).safeParse(toPayload(entity, values));
  if (!result.success) {
    for (const issue of result.error.issues as unknown as Issue[]) {
      const field = issue.path.map(String).join('.') || 'arabicName';
      if (errors[field]) continue;
      const { key, params } = issueKey(issue);
      errors[field] = translate(language, key, params);
    }
  }
  return errors;
}

/** The server's 400 field errors (already translated) on the form's fields. */
export function fieldErrorsOf(errors: readonly { field: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) if (e.field && !out[e.field]) out[e.field] = e.message;
  return out;
}

const DECIMAL_INPUT = /^-?\d+(\.\d+)?$/;

/**
 * A decimal input on blur: rounded half away from zero to the branch's digits (spec section 5), with a
 * decimal library; the spec's exceptions (`noRounding`) and text that is not a number are left as typed,
 * for the validation message to speak about.
 */
export function roundInput(field: FieldDef, value: string, digits: number): string {
  const v = value.trim();
  if (field.noRounding || !DECIMAL_INPUT.test(v)) return v;
  return roundTo(v, digits).toString();
}

/** The name of a record in the interface language: Arabic for ar and ku, else the English name. */
export function nameOf(record: { arabicName?: string; englishName?: string }, language: Language): string {
  const arabic = record.arabicName ?? '';
  const english = record.englishName ?? '';
  return language === 'ar' || language === 'ku' ? arabic || english : english || arabic;
}
