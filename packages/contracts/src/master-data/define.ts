import { z } from 'zod';
import { requiredText, textSchema } from '../text';
import { PAGE_SIZES, idSchema, okResponse, pageOf } from '../common';
import { access, type Access, type RouteSpec } from '../http';
import { decimalString } from '../decimal-schema';
import type { PermissionName } from '../permissions';
import { jobSchema } from '../jobs';
import { dataMigrationPathOf, isValidIban, type EntityDef, type FieldDef } from './declare';
import { emailSchema, isoDateSchema, phoneSchema, taxNumberSchema } from '../validators';
export * from './declare';

const CODE_RE = /^[A-Za-z0-9_-]{1,20}$/;

/** Lines of a `lines` field; a repeated `lineKey` combination is refused on the later line. */
function linesSchema(f: FieldDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const lf of f.lineFields ?? []) shape[lf.name] = fieldSchema(lf);
  const key = f.lineKey ?? [];
  return z
    .array(z.object(shape))
    .max(f.maxLines ?? 500, { message: 'validation.max' })
    .superRefine((lines, ctx) => {
      if (key.length === 0) return;
      const seen = new Set<string>();
      lines.forEach((line, i) => {
        const values = key.map((k) => (line as Record<string, unknown>)[k]);
        if (values.some((v) => v === null || v === undefined || v === '')) return;
        const id = JSON.stringify(values);
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: [i, key[0]!], message: 'validation.repeatedLine' });
        seen.add(id);
      });
    });
}

function fieldSchema(f: FieldDef): z.ZodType {
  const max = f.max ?? (f.kind === 'textarea' ? 1000 : 200);
  // a secret is compared as typed, so it is not normalised; every other text is (issue 9 defect 10)
  const text = () =>
    f.kind === 'secret'
      ? z.string().trim().max(max, { message: 'validation.max' })
      : textSchema(max, { multiline: f.kind === 'textarea' });
  let s: z.ZodType;
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'secret':
      s =
        f.digits === undefined
          ? text()
          : z.union([
              z.literal(''),
              z
                .string()
                .trim()
                .regex(new RegExp(`^\\d{${f.digits}}$`), { message: 'validation.digits' }),
            ]);
      break;
    case 'phone':
      s = z.union([z.literal(''), phoneSchema]);
      break;
    case 'email':
      s = z.union([z.literal(''), emailSchema]);
      break;
    case 'iban':
      s = z.union([
        z.literal(''),
        z
          .string()
          .trim()
          .transform((v) => v.replace(/\s/g, '').toUpperCase())
          .refine(isValidIban, { message: 'validation.iban' }),
      ]);
      break;
    case 'taxNumber':
      s = z.union([z.literal(''), taxNumberSchema]);
      break;
    case 'date':
      s = z.union([z.literal(''), isoDateSchema]);
      break;
    case 'decimal': {
      let d = decimalString;
      if (f.minValue !== undefined) {
        const min = f.minValue;
        const above = f.aboveMin === true;
        // what is not a number at all has the one message of its format check, not a second one
        d = d.refine((v) => Number.isNaN(Number(v)) || (above ? Number(v) > min : Number(v) >= min), {
          // an exclusive bound says 'more than' (a conversion rate of 1 is refused: 'more than 1', issue 12 item 7)
          message: above
            ? min === 0
              ? 'validation.aboveZero'
              : 'validation.above'
            : min === 0
              ? 'validation.positive'
              : 'validation.min',
          params: { minimum: min },
        });
      }
      if (f.maxValue !== undefined) {
        const maxV = f.maxValue;
        d = d.refine((v) => Number.isNaN(Number(v)) || Number(v) <= maxV, {
          message: 'validation.max',
          params: { maximum: maxV },
        });
      }
      s = d;
      break;
    }
    case 'integer': {
      let n = z.number({ message: 'validation.integer' }).int({ message: 'validation.integer' });
      if (f.minValue !== undefined) n = n.min(f.minValue, { message: 'validation.min' });
      if (f.maxValue !== undefined) n = n.max(f.maxValue, { message: 'validation.max' });
      s = n;
      break;
    }
    case 'boolean':
      s = z.boolean();
      break;
    case 'enum':
      s = z.enum(f.options as [string, ...string[]], { message: 'validation.invalid' });
      break;
    case 'reference':
      s = idSchema;
      break;
    case 'references':
      s = z.array(idSchema).max(500);
      break;
    case 'lines':
      s = linesSchema(f);
      break;
  }
  if (f.required) {
    if (f.kind === 'references' || f.kind === 'lines')
      return (s as z.ZodArray<z.ZodString>).min(1, { message: 'validation.required' });
    if (['text', 'textarea', 'secret', 'phone', 'email', 'iban', 'taxNumber', 'date'].includes(f.kind)) {
      return s.refine((v) => v !== '', { message: 'validation.required' });
    }
    return s;
  }
  const fallback =
    f.defaultValue !== undefined
      ? f.defaultValue
      : f.kind === 'boolean'
        ? false
        : f.kind === 'references' || f.kind === 'lines'
          ? []
          : f.kind === 'reference' || f.kind === 'integer' || f.kind === 'decimal' || f.kind === 'enum'
            ? null
            : '';
  return s
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null ? fallback : v));
}

/** The values of a list of fields (a document's header or one of its lines). */
export function fieldsInputSchema(fields: readonly FieldDef[]) {
  const shape: Record<string, z.ZodType> = {};
  // a field of some businesses is required only where the company is one: the service checks it (its replica)
  for (const f of fields) shape[f.name] = fieldSchema(f.flags?.length ? { ...f, required: false } : f);
  return z.object(shape);
}

/** The body of a create or update: code (optional on create: the next number is given), names, fields. */
/**
 * Made once per declaration and kept: a service's start made every entity's schemas again, and the Excel import
 * once per row (zod schemas are immutable, so one serves every caller).
 */
function keptPer<R>(make: (entity: EntityDef) => R): (entity: EntityDef) => R {
  const kept = new WeakMap<EntityDef, R>();
  return (entity) => {
    let found = kept.get(entity);
    if (found === undefined) kept.set(entity, (found = make(entity)));
    return found;
  };
}

export const entityInputSchema = keptPer(function entityInputSchema(entity: EntityDef) {
  const shape: Record<string, z.ZodType> = {
    code: z
      .string()
      .trim()
      .max(20, { message: 'validation.max' })
      .refine((v) => v === '' || CODE_RE.test(v), { message: 'validation.code' })
      .optional()
      .default(''),
    arabicName: requiredText(200),
    englishName: textSchema(200).optional().default(''),
  };
  for (const f of entity.fields) shape[f.name] = fieldSchema(f);
  const checks = entity.checks;
  // Spec section 5: payloads copy arabicName into englishName when englishName is empty.
  return z
    .object(shape)
    .superRefine((v, ctx) => {
      for (const c of checks?.(v) ?? [])
        ctx.addIssue({ code: 'custom', path: [c.field], message: c.code, params: c.params });
    })
    .transform((v) => ({ ...v, englishName: (v.englishName as string) || (v.arabicName as string) }));
});

export type EntityInput = Record<string, unknown> & { code: string; arabicName: string; englishName: string };

/** A stored record as the API returns it; secrets are never returned (only whether one is set). */
export function entityRecordSchema(entity: EntityDef) {
  const shape: Record<string, z.ZodType> = {
    id: idSchema,
    code: z.string(),
    arabicName: z.string(),
    englishName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  };
  for (const f of entity.fields) {
    if (f.kind === 'secret') shape[`${f.name}IsSet`] = z.boolean();
    else if (f.kind === 'boolean') shape[f.name] = z.boolean();
    else if (f.kind === 'integer') shape[f.name] = z.number().int().nullable();
    else if (f.kind === 'references') shape[f.name] = z.array(z.string());
    else if (f.kind === 'lines') shape[f.name] = z.array(entityRecordLine(f.lineFields ?? []));
    else if (f.kind === 'decimal' || f.kind === 'reference' || f.kind === 'enum')
      shape[f.name] = z.string().nullable();
    else shape[f.name] = z.string();
  }
  return z.object(shape);
}

function entityRecordLine(fields: readonly FieldDef[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.kind === 'boolean') shape[f.name] = z.boolean();
    else if (f.kind === 'integer') shape[f.name] = z.number().int().nullable();
    else if (f.kind === 'decimal' || f.kind === 'reference' || f.kind === 'enum')
      shape[f.name] = z.string().nullable();
    else shape[f.name] = z.string();
  }
  return z.object(shape);
}

export function entityListQuery(entity: EntityDef) {
  const sortable = [
    'code',
    'arabicName',
    'englishName',
    'createdAt',
    ...entity.fields.filter((f) => f.list).map((f) => f.name),
  ];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.pageSize' })
      .default(15),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(sortable as [string, ...string[]]).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    /** Column filters: `filter[field]=value` (contains for text, equals otherwise). */
    filter: z.record(z.string(), z.string().max(100)).optional(),
  });
}

function accessOf(p: PermissionName | null): Access {
  return p ? access.permission(p) : access.authenticated;
}

/**
 * An entity's Excel migration (spec section 7): the workbook (the import template when ?template=true), and an
 * import of one .xlsx, .xls or .csv file under 1 MB (multipart field "file") as a background job.
 */
function dataMigrationRoutes(entity: EntityDef): RouteSpec[] {
  if (!entity.dataMigration) return [];
  const base = { service: entity.service, tag: `Main data: ${entity.name}` } as const;
  const path = dataMigrationPathOf(entity);
  return [
    {
      ...base,
      method: 'get',
      path,
      access: accessOf(entity.permissions.view),
      summary: `The ${entity.name} as an .xlsx workbook (the import template when ?template=true)`,
      query: z.object({ template: z.enum(['true', 'false']).default('false') }),
    },
    {
      ...base,
      method: 'post',
      path,
      access: accessOf(entity.permissions.add),
      summary:
        `Starts importing ${entity.name} from one .xlsx, .xls or .csv file under 1 MB (multipart field "file"), ` +
        `at most 10,000 rows, as a background job: answers the job (GET /api/${entity.service}/jobs/:id gives ` +
        'its progress, result and refused rows)',
      response: jobSchema,
      status: 202,
    },
  ];
}

/** The CRUD routes of an entity: list, export (.xlsx), one, create, change, delete; its Excel migration. */
export const entityRoutes = keptPer(function entityRoutes(entity: EntityDef): readonly RouteSpec[] {
  const record = entityRecordSchema(entity);
  const base = { service: entity.service, tag: `Main data: ${entity.name}` } as const;
  const idParams = z.object({ id: idSchema });
  const edit = accessOf(entity.permissions.edit);
  return [
    {
      ...base,
      method: 'get',
      path: entity.apiPath,
      access: accessOf(entity.permissions.view),
      summary: `List ${entity.name}`,
      query: entityListQuery(entity),
      response: pageOf(record),
    },
    {
      ...base,
      method: 'get',
      path: `${entity.apiPath}/export`,
      access: accessOf(entity.permissions.view),
      summary: `Export ${entity.name} as .xlsx`,
      query: entityListQuery(entity),
    },
    // a tree's whole list in one answer, for the tree screen (before `/:id`: the first route that matches wins)
    ...(entity.tree
      ? [
          {
            ...base,
            method: 'get',
            path: `${entity.apiPath}/tree`,
            access: accessOf(entity.permissions.view),
            summary: `The tree of ${entity.name}: every record, parents before children`,
            response: z.object({ items: z.array(record) }),
          } as const,
        ]
      : []),
    {
      ...base,
      method: 'get',
      path: `${entity.apiPath}/:id`,
      access: accessOf(entity.permissions.view),
      summary: `One of ${entity.name}`,
      params: idParams,
      response: record,
    },
    {
      ...base,
      method: 'post',
      path: entity.apiPath,
      access: accessOf(entity.permissions.add),
      summary: `Create one of ${entity.name}`,
      body: entityInputSchema(entity),
      response: record,
      status: 201,
    },
    {
      ...base,
      method: 'put',
      path: `${entity.apiPath}/:id`,
      access: edit,
      summary: `Change one of ${entity.name}`,
      params: idParams,
      body: entityInputSchema(entity),
      response: record,
    },
    {
      ...base,
      method: 'delete',
      path: `${entity.apiPath}/:id`,
      access: edit,
      summary: `Delete one of ${entity.name} (409 when referenced)`,
      params: idParams,
      response: okResponse,
    },
    ...dataMigrationRoutes(entity),
  ];
});
