import { z } from 'zod';
import { contentTypeSchema, fileNameSchema, isStrictBase64, textSchema } from '../text';
import { idSchema, okResponse, pageOf } from '../common';
import { access, type Access, type RouteSpec } from '../http';
import { decimalString } from '../decimal-schema';
import { isoDateSchema } from '../validators';
import { fieldsInputSchema, type FieldCheck, type FieldDef } from '../master-data/define';
import { moneyChecks } from '../money-documents/fields';
import {
  ATTACHMENT_MAX_BYTES,
  pageSizesOf,
  conversionStatuses,
  paidStatuses,
  paymentFieldsOf,
  saveTransitionsOf,
  statusesOf,
  transitionsOf,
  type DocumentDef,
  type DocumentStatus,
} from './declare';

export * from './declare';

/**
 * The rules every document shares (spec section 5), as field checks so the form shows them where they
 * belong: stores selected and different where two are named, at least one line, zero quantity or price only
 * when the branch allows it. The repeated-line rule needs the header's store and lives here too.
 */
export function documentChecks(
  doc: DocumentDef,
  input: Record<string, unknown>,
  allow: { zeroQuantity: boolean; zeroPrice: boolean } = { zeroQuantity: false, zeroPrice: false },
): FieldCheck[] {
  const issues: FieldCheck[] = [];
  for (const f of doc.storeFields) if (!input[f]) issues.push({ field: f, code: 'validation.storeRequired' });
  const [a, b] = doc.differentFields ?? [];
  if (a && b && input[a] && input[a] === input[b]) issues.push({ field: b, code: 'validation.sameStores' });
  const lines = (input.lines as Record<string, unknown>[] | undefined) ?? [];
  if (lines.length === 0)
    issues.push({ field: 'lines', code: doc.emptyLinesCode ?? 'validation.atLeastOneItem' });
  const seen = new Set<string>();
  const isZero = (v: unknown) => v !== null && v !== undefined && v !== '' && Number(v) === 0;
  lines.forEach((line, i) => {
    if (doc.lineKey.length) {
      const key = JSON.stringify(doc.lineKey.map((k) => line[k] ?? null));
      if (seen.has(key))
        issues.push({ field: `lines.${i}.${doc.lineKey[0]}`, code: 'validation.itemAddedBefore' });
      seen.add(key);
    }
    if (doc.quantityField && !allow.zeroQuantity && !doc.allowZeroQuantity && isZero(line[doc.quantityField]))
      issues.push({ field: `lines.${i}.${doc.quantityField}`, code: 'validation.zeroQuantity' });
    if (doc.priceField && !allow.zeroPrice && isZero(line[doc.priceField]))
      issues.push({ field: `lines.${i}.${doc.priceField}`, code: 'validation.zeroPrice' });
  });
  // a money document's discounts and tax rates (money-documents/fields.ts), once its lines are whole
  if (doc.money && doc.quantityField && issues.length === 0)
    issues.push(...moneyChecks(doc.quantityField, { ...input, lines }));
  // the same payment method not twice (issue 14)
  if (doc.payments) {
    const methods = new Set<unknown>();
    const field = doc.payments.method.name;
    ((input.payments as Record<string, unknown>[] | undefined) ?? []).forEach((p, i) => {
      if (methods.has(p[field]))
        issues.push({ field: `payments.${i}.${field}`, code: 'validation.paymentMethodRepeated' });
      methods.add(p[field]);
    });
  }
  return issues;
}

/** The body of a create or update. The code is given by the numbering; the date is the document's day. */
export function documentInputSchema(doc: DocumentDef) {
  const header = fieldsInputSchema(doc.header);
  const converts = doc.convertsFrom?.length ? (doc.convertsFrom as [string, ...string[]]) : null;
  const actions = saveTransitionsOf(doc).map((t) => t.action);
  const line = converts
    ? fieldsInputSchema(doc.lines).extend({ sourceLineNo: z.number().int().min(1).nullable().optional() })
    : fieldsInputSchema(doc.lines);
  return z
    .object({
      date: isoDateSchema,
      referenceNumber: textSchema(40).optional().default(''),
      notes: textSchema(1000, { multiline: true }).optional().default(''),
      lines: z.array(line).max(1000, { message: 'validation.max' }),
      ...(converts
        ? { sourceType: z.enum(converts).nullable().optional(), sourceId: idSchema.nullable().optional() }
        : {}),
      // a status change made with the save, in its transaction (an invoice issued as it is saved)
      ...(actions.length ? { then: z.enum(actions as [string, ...string[]]).optional() } : {}),
      ...(doc.payments
        ? {
            payments: z
              .array(fieldsInputSchema(paymentFieldsOf(doc)))
              .max(20, { message: 'validation.max' })
              .default([]),
          }
        : {}),
    })
    .and(header)
    .superRefine((v, ctx) => {
      // zero quantities and prices are judged by the service, which knows the branch's switches
      for (const c of documentChecks(doc, v as Record<string, unknown>, {
        zeroQuantity: true,
        zeroPrice: true,
      }))
        ctx.addIssue({
          code: 'custom',
          path: c.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          message: c.code,
        });
    });
}
export type DocumentInput = Record<string, unknown> & {
  date: string;
  referenceNumber: string;
  notes: string;
  lines: Record<string, unknown>[];
};

function recordShape(fields: readonly FieldDef[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.kind === 'boolean') shape[f.name] = z.boolean();
    else if (f.kind === 'integer') shape[f.name] = z.number().int().nullable();
    else if (f.kind === 'decimal' || f.kind === 'reference' || f.kind === 'enum')
      shape[f.name] = z.string().nullable();
    else shape[f.name] = z.string();
  }
  return shape;
}

export const attachmentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The names of the records a document (or a report row) names, keyed by id (issue 12 item 1): a user who may
 * read the document but not the stores, items or units it names still sees names, never ids.
 */
export const referenceNameSchema = z.object({
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
});
export type ReferenceName = z.infer<typeof referenceNameSchema>;
export const referenceNamesSchema = z.record(z.string(), referenceNameSchema);
export type ReferenceNames = z.infer<typeof referenceNamesSchema>;

export function documentRecordSchema(doc: DocumentDef) {
  return z.object({
    id: idSchema,
    code: z.string(),
    date: z.string(),
    status: z.enum(statusesOf(doc).values),
    referenceNumber: z.string(),
    notes: z.string(),
    branchId: z.string().nullable(),
    /** Another document refers to this one: it cannot be edited or deleted. */
    referenced: z.boolean(),
    revision: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    totalQuantity: decimalString,
    totalValue: decimalString,
    ...recordShape(doc.header),
    lines: z.array(
      z.object({
        lineNo: z.number().int(),
        ...recordShape(doc.lines),
        value: decimalString,
        sourceLineNo: z.number().int().nullable().optional(),
        /** On a convertible document's read: what its converted documents have not taken yet. */
        remaining: decimalString.optional(),
      }),
    ),
    attachments: z.array(attachmentSchema),
    names: referenceNamesSchema,
    /** The quantities per main unit of the lines' items (issue 12 item 5): 5 cartons + 10 pieces → 130 pieces. */
    quantityTotals: z.array(z.object({ unitId: z.string(), quantity: decimalString })).optional(),
    /** A money document's totals (issue 14): per line, per tax category and the document's. */
    money: invoiceTotalsSchema.optional(),
    /** The document it was converted from, and each line's source line (`convertsFrom`). */
    sourceType: z.string().nullable().optional(),
    sourceId: z.string().nullable().optional(),
    /** The documents converted from this one, and how much of it they took. */
    conversions: z.array(z.object({ type: z.string(), id: z.string(), code: z.string() })).optional(),
    conversionStatus: z.enum(conversionStatuses).optional(),
    /** Its payments, what they pay of the total, the cash handed back, and the paid status. */
    payments: z.array(z.object(recordShape(paymentFieldsOf(doc)))).optional(),
    paid: decimalString.optional(),
    change: decimalString.optional(),
    paidStatus: z.enum(paidStatuses).optional(),
    /** An issued tax invoice's place in its unit's chain (`issueChain`); null until issued. */
    issue: z
      .object({
        uuid: z.string(),
        unit: z.string(),
        counter: z.number().int(),
        previousHash: z.string(),
        hash: z.string(),
        issuedAt: z.string(),
      })
      .nullable()
      .optional(),
    /** A background job the save started (a long re-costing): the screen follows it with a progress bar. */
    jobId: z.string().nullable().optional(),
    /** The background re-costing of the document's items and stores still under way (issue 11), on a read. */
    recostJobId: z.string().nullable().optional(),
  });
}
const invoiceTotalsSchema = z.object({
  lines: z.array(
    z.object({
      gross: decimalString,
      discount: decimalString,
      net: decimalString,
      vat: decimalString,
      total: decimalString,
    }),
  ),
  categories: z.array(
    z.object({
      category: z.string(),
      rate: decimalString,
      taxable: decimalString,
      vat: decimalString,
      discount: decimalString,
    }),
  ),
  lineNet: decimalString,
  discount: decimalString,
  taxExclusive: decimalString,
  vat: decimalString,
  taxInclusive: decimalString,
});

export type DocumentRecord = Record<string, unknown> & {
  id: string;
  code: string;
  date: string;
  status: DocumentStatus;
  revision: number;
  referenced: boolean;
  lines: (Record<string, unknown> & { lineNo: number })[];
  names?: ReferenceNames;
  quantityTotals?: { unitId: string; quantity: string }[];
  /** A background job the save or close started (see the schema above). */
  jobId?: string | null;
  recostJobId?: string | null;
};

export function documentListQuery(doc: Pick<DocumentDef, 'name' | 'statuses' | 'pageSizes'>) {
  const pageSizes = pageSizesOf(doc);
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => pageSizes.includes(n), { message: 'validation.pageSize' })
      .default(pageSizes[0]!),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(['code', 'date', 'createdAt']).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    dateFrom: isoDateSchema.optional(),
    dateTo: isoDateSchema.optional(),
    status: z.enum(statusesOf(doc).values).optional(),
    storeId: idSchema.optional(),
  });
}
export type DocumentListQuery = z.infer<ReturnType<typeof documentListQuery>>;

export const attachmentInput = z.object({
  fileName: fileNameSchema,
  contentType: contentTypeSchema,
  /** The file as base64; at most ATTACHMENT_MAX_BYTES once decoded. The service checks the bytes' type. */
  base64: z
    .string()
    .min(1, { message: 'validation.required' })
    .max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 4, {
      message: 'validation.fileTooLarge',
    })
    .refine(isStrictBase64, { message: 'validation.base64' }),
});

const idParams = z.object({ id: idSchema });

/** list, one, create, change, delete, the attachments of one, and its status changes (close, post...). */
export function documentRoutes(doc: DocumentDef): RouteSpec[] {
  const record = documentRecordSchema(doc);
  const base = { service: doc.service, tag: `Documents: ${doc.name}` } as const;
  const view: Access = access.permission(doc.permissions.view);
  const edit: Access = access.permission(doc.permissions.edit);
  const routes: RouteSpec[] = [
    {
      ...base,
      method: 'get',
      path: doc.apiPath,
      access: view,
      summary: `List ${doc.name}`,
      query: documentListQuery(doc),
      response: pageOf(record.omit({ lines: true, attachments: true })),
    },
    {
      ...base,
      method: 'get',
      path: `${doc.apiPath}/:id`,
      access: view,
      summary: `One of ${doc.name}`,
      params: idParams,
      response: record,
    },
    {
      ...base,
      method: 'post',
      path: doc.apiPath,
      access: access.permission(doc.permissions.add),
      summary: `Create one of ${doc.name}`,
      body: documentInputSchema(doc),
      response: record,
      status: 201,
    },
    {
      ...base,
      method: 'put',
      path: `${doc.apiPath}/:id`,
      access: edit,
      summary: `Change one of ${doc.name} (409 when referenced or closed)`,
      params: idParams,
      body: documentInputSchema(doc),
      response: record,
    },
    {
      ...base,
      method: 'delete',
      path: `${doc.apiPath}/:id`,
      access: edit,
      summary: `Delete one of ${doc.name} (409 when referenced or closed)`,
      params: idParams,
      response: okResponse,
    },
    {
      ...base,
      method: 'post',
      path: `${doc.apiPath}/:id/attachments`,
      access: edit,
      summary: `Attach a file (up to 5 MB) to one of ${doc.name}`,
      params: idParams,
      body: attachmentInput,
      // a 5 MB file as base64 plus its name
      bodyLimit: Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 64 * 1024,
      response: attachmentSchema,
      status: 201,
    },
    {
      ...base,
      method: 'get',
      path: `${doc.apiPath}/:id/attachments/:attachmentId`,
      access: view,
      summary: `Download an attachment of one of ${doc.name}`,
      params: z.object({ id: idSchema, attachmentId: idSchema }),
    },
    {
      ...base,
      method: 'delete',
      path: `${doc.apiPath}/:id/attachments/:attachmentId`,
      access: edit,
      summary: `Remove an attachment of one of ${doc.name}`,
      params: z.object({ id: idSchema, attachmentId: idSchema }),
      response: okResponse,
    },
  ];
  for (const t of transitionsOf(doc))
    routes.push({
      ...base,
      method: 'post',
      path: `${doc.apiPath}/:id/${t.action}`,
      access: edit,
      summary:
        t.action === 'close'
          ? `Close one of ${doc.name} (after confirmation; a closed one cannot be changed or deleted)`
          : `${t.action}: one of ${doc.name} from ${t.from.join(' or ')} to ${t.to}`,
      params: idParams,
      response: record,
    });
  return routes;
}
