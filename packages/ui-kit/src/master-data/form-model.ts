import { digitsLength, entityInputSchema, roundTo, type EntityDef, type FieldDef } from '@erp/contracts';
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

const LTR_KINDS = new Set(['decimal', 'integer', 'phone', 'email', 'iban', 'taxNumber', 'date', 'secret']);
/** Codes and barcodes are Latin letters and digits whatever the language. */
const LTR_NAMES = new Set(['code', 'barcode']);

/**
 * Whether a field's text reads left to right in every language (numbers, codes, barcodes): in Arabic an
 * input of it is LTR, or a long barcode shows its end first and is cut at the wrong side.
 */
export function readsLeftToRight(f: Pick<FieldDef, 'kind' | 'name' | 'digits'>): boolean {
  return LTR_KINDS.has(f.kind) || LTR_NAMES.has(f.name) || f.digits !== undefined;
}

function emptyOf(f: FieldDef): unknown {
  if (f.defaultValue !== undefined && f.defaultValue !== null) {
    return f.kind === 'decimal' ? String(f.defaultValue) : f.defaultValue;
  }
  if (f.kind === 'boolean') return false;
  if (f.kind === 'references' || f.kind === 'lines') return [];
  if (f.kind === 'decimal') return '';
  if (TEXT_KINDS.has(f.kind)) return '';
  return null; // integer, enum, reference
}

/** A line of a `lines` field (or of a document) as the grid holds it: each line field's default. */
export function emptyLine(fields: readonly FieldDef[]): FormValues {
  const line: FormValues = {};
  for (const f of fields) line[f.name] = emptyOf(f);
  return line;
}

/** A stored line as the grid holds it: decimals as strings ('' for none), the rest as stored. */
export function lineFromRecord(fields: readonly FieldDef[], stored: Record<string, unknown>): FormValues {
  const line: FormValues = {};
  for (const f of fields) {
    const v = stored[f.name];
    if (f.kind === 'decimal') line[f.name] = v === null || v === undefined ? '' : String(v);
    else line[f.name] = v === undefined ? emptyOf(f) : v;
  }
  return line;
}

/** A line nobody typed into (the grid's fresh last line): left out of the payload rather than refused. */
export function isBlankLine(fields: readonly FieldDef[], line: FormValues): boolean {
  return fields.every((f) => {
    const v = line[f.name];
    if (f.kind === 'boolean') return v !== true;
    return isEmpty(v) || (f.defaultValue !== undefined && v === emptyOf(f));
  });
}

/** One line's body: an empty decimal or integer is null, texts trimmed. */
export function linePayload(fields: readonly FieldDef[], line: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) body[f.name] = fieldPayload(f, line[f.name]);
  return body;
}

/**
 * The lines to send, without the blank ones, and for each sent line the grid row it came from, so that an
 * error the schema reports on `units.1.barcode` lands on the right row of the grid.
 */
export function compactLines(
  fields: readonly FieldDef[],
  lines: readonly FormValues[],
): { lines: Record<string, unknown>[]; rows: number[] } {
  const out: Record<string, unknown>[] = [];
  const rows: number[] = [];
  lines.forEach((line, i) => {
    if (isBlankLine(fields, line)) return;
    out.push(linePayload(fields, line));
    rows.push(i);
  });
  return { lines: out, rows };
}

function fieldPayload(f: FieldDef, v: unknown): unknown {
  if (f.kind === 'decimal') return isEmpty(v) ? null : String(v).trim();
  if (f.kind === 'integer') return isEmpty(v) ? null : v;
  if (f.kind === 'lines')
    return compactLines(f.lineFields ?? [], (v as FormValues[] | undefined) ?? []).lines;
  return v;
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
    else if (f.kind === 'lines')
      values[f.name] = Array.isArray(v)
        ? v.map((line: Record<string, unknown>) => lineFromRecord(f.lineFields ?? [], line))
        : [];
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
  for (const f of entity.fields) body[f.name] = fieldPayload(f, values[f.name]);
  return body;
}

export interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  pattern?: unknown;
  params?: Record<string, unknown>;
}

/** A zod issue as a server message key, the way the API maps it (service-kit's `issueToField`). */
export function issueKey(issue: Issue): { key: string; params: Record<string, unknown> } {
  const params = {
    // a rule's own values first (an entity check's 'range {line}'), as the service's `issueToField` does
    ...issue.params,
    minimum: issue.minimum ?? issue.params?.minimum ?? '',
    maximum: issue.maximum ?? issue.params?.maximum ?? '',
    length: issue.params?.length ?? digitsLength(issue),
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
 * translated message of each field in error; empty when the form may be sent. Errors inside a `lines` field
 * are keyed by grid row and line field (`units.0.conversionRate`), like the server's 400 paths; a rule across
 * fields (`checks`) speaks on the field it names.
 */
export function validate(entity: EntityDef, values: FormValues, language: Language): FieldErrors {
  const errors: FieldErrors = {};
  const rowsOf: Record<string, number[]> = {};
  for (const f of entity.fields) {
    if (f.kind === 'lines') {
      const lines = (values[f.name] as FormValues[] | undefined) ?? [];
      const compact = compactLines(f.lineFields ?? [], lines);
      rowsOf[f.name] = compact.rows;
      Object.assign(errors, requiredLineErrors(f.name, f.lineFields ?? [], lines, language));
      if (f.required && compact.lines.length === 0)
        errors[f.name] = translate(language, 'validation.required');
    } else if (f.required && isEmpty(values[f.name]))
      errors[f.name] = translate(language, 'validation.required');
  }
  const result = entityInputSchema(entity).safeParse(toPayload(entity, values));
  if (!result.success) addIssues(errors, result.error.issues as unknown as Issue[], rowsOf, language);
  return errors;
}

/** 'required' on the cells of the lines someone started to fill (blank lines are not sent). */
export function requiredLineErrors(
  name: string,
  fields: readonly FieldDef[],
  lines: readonly FormValues[],
  language: Language,
): FieldErrors {
  const errors: FieldErrors = {};
  lines.forEach((line, i) => {
    if (isBlankLine(fields, line)) return;
    for (const lf of fields)
      if (lf.required && isEmpty(line[lf.name]))
        errors[`${name}.${i}.${lf.name}`] = translate(language, 'validation.required');
  });
  return errors;
}

/**
 * zod issues as translated messages keyed by the form's paths; a line index of the payload becomes the grid
 * row it came from (`rowsOf[field]`). The first message of a path wins.
 */
export function addIssues(
  errors: FieldErrors,
  issues: readonly Issue[],
  rowsOf: Record<string, readonly number[]>,
  language: Language,
  fallbackField = 'arabicName',
): void {
  for (const issue of issues) {
    const path = issue.path.map(String);
    const rows = path.length > 1 ? rowsOf[path[0]!] : undefined;
    if (rows && /^\d+$/.test(path[1]!)) path[1] = String(rows[Number(path[1])] ?? path[1]);
    const field = path.join('.') || fallbackField;
    if (errors[field]) continue;
    const { key, params } = issueKey(issue);
    errors[field] = translate(language, key, params);
  }
}

/**
 * The server's 400 field errors (already translated) on the form's fields; with the form's `lines` fields
 * given, a line index of the payload (blank lines were not sent) becomes its grid row.
 */
export function fieldErrorsOf(
  errors: readonly { field: string; message: string }[],
  lines: readonly FieldDef[] = [],
  values: FormValues = {},
): FieldErrors {
  const rowsOf: Record<string, number[]> = {};
  for (const f of lines)
    if (f.kind === 'lines')
      rowsOf[f.name] = compactLines(
        f.lineFields ?? [],
        (values[f.name] as FormValues[] | undefined) ?? [],
      ).rows;
  const out: FieldErrors = {};
  for (const e of errors) {
    if (!e.field) continue;
    const path = e.field.split('.');
    const rows = rowsOf[path[0]!];
    if (rows && path.length > 1 && /^\d+$/.test(path[1]!)) path[1] = String(rows[Number(path[1])] ?? path[1]);
    const field = path.join('.');
    if (!out[field]) out[field] = e.message;
  }
  return out;
}

/** The form's errors without those of a field and, for a lines field, of its cells. */
export function withoutErrorsOf(errors: FieldErrors, name: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== name && !k.startsWith(`${name}.`)));
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

// the list screens read names without the form's rules (zod, the phone metadata): see ./names
export { nameOf } from './names';
