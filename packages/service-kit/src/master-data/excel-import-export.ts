import ExcelJS from 'exceljs';
import multer from 'multer';
import type { Request, Response } from 'express';
import {
  columnOf,
  dataMigrationPathOf,
  entityInputSchema,
  entityRoutes,
  fromStored,
  tableOf,
  type EntityDef,
  type EntityInput,
  type FieldDef,
} from '@erp/contracts';
import { label, translate, type Language } from '@erp/i18n';
import type { Trx } from '../db/database';
import { tenantScope, type TenantScope } from '../db/tenant-scope';
import { AppError } from '../errors';
import type { RequestContext } from '../http/context';
import { handle, type BoundRoute } from '../http/routes';
import { importLimits, inspectSheet, sheetRows, type SheetRow } from '../imports';
import type { JobKind } from '../jobs/job-types';
import type { ServiceDeps } from '../service';
import { entityWriter, type EntityHooks } from './routes';
import { hidesDeleted, referenceTable } from './store';

/**
 * The Excel migration of an entity that declares one (spec section 7, `/api/data-migration/<name>`; items and
 * customers): the workbook's columns are the declaration's; references are named by code or name. Headers may
 * be the field keys or their label in the request's language, so a user's own workbook and the template both
 * import. Written once for every such entity (issue 9 defect 5 for the limits and the job; issue 14).
 */
interface Column {
  key: string;
  field: string;
  /** Null for the code and the names, which every entity has. */
  def: FieldDef | null;
}

function columnsOf(entity: EntityDef): Column[] {
  return (entity.dataMigration?.columns ?? []).map((c) => {
    const [key, field] = typeof c === 'string' ? [c, c] : [c.key, c.field];
    return { key, field, def: entity.fields.find((f) => f.name === field) ?? null };
  });
}

/** A reference column is labelled as its field ('Category' for categoryId); the others by their key. */
const headerLabel = (language: Language, c: Column) =>
  label(language, `fields.${c.def?.kind === 'reference' ? c.field : c.key}`);

type Row = Record<string, unknown>;
/** code, Arabic or English name (lower case) → id of a referenced record. */
type Lookup = Map<string, string>;

async function referenced(s: TenantScope, f: FieldDef, entities: readonly EntityDef[]): Promise<Row[]> {
  const table = referenceTable(f, entities);
  const q = s(table);
  if (hidesDeleted(table)) q.where('deleted', false);
  return (await q.select('id', 'code', 'arabic_name', 'english_name')) as Row[];
}

async function lookups(s: TenantScope, columns: Column[], entities: readonly EntityDef[]) {
  const out = new Map<string, Lookup>();
  for (const c of columns.filter((x) => x.def?.kind === 'reference')) {
    const map: Lookup = new Map();
    for (const r of await referenced(s, c.def!, entities))
      for (const k of [r.code, r.arabic_name, r.english_name]) map.set(String(k).toLowerCase(), String(r.id));
    out.set(c.field, map);
  }
  return out;
}

function cellOf(c: Column, v: unknown, codes: Map<string, string> | undefined): unknown {
  if (v === null || v === undefined) return '';
  switch (c.def?.kind) {
    case 'decimal':
      return Number(fromStored(v as number));
    case 'integer':
      return Number(v);
    case 'boolean':
      return Boolean(Number(v));
    case 'reference':
      return codes?.get(String(v)) ?? '';
    default:
      return v;
  }
}

/** The workbook: the machine header, a second header row for people (the import skips it), the records. */
export async function exportWorkbook(
  s: TenantScope,
  entity: EntityDef,
  entities: readonly EntityDef[],
  language: Language,
  template: boolean,
): Promise<Buffer> {
  const columns = columnsOf(entity);
  const workbook = new ExcelJS.Workbook();
  const rtl = language === 'ar' || language === 'ku';
  const sheet = workbook.addWorksheet(entity.dataMigration!.name, {
    views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: c.key,
    key: c.key,
    width: c.key.endsWith('Name') ? 30 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, headerLabel(language, c)])));
  sheet.getRow(2).font = { italic: true };
  if (!template) {
    const codes = new Map<string, Map<string, string>>();
    for (const c of columns.filter((x) => x.def?.kind === 'reference'))
      codes.set(
        c.field,
        new Map((await referenced(s, c.def!, entities)).map((r) => [String(r.id), String(r.code)])),
      );
    const rows = await s(tableOf(entity)).orderBy([{ column: 'code_number' }, { column: 'code' }]);
    for (const r of rows as Row[])
      sheet.addRow(
        Object.fromEntries(columns.map((c) => [c.key, cellOf(c, r[columnOf(c.field)], codes.get(c.field))])),
      );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const truthy = (v: string) => ['1', 'true', 'yes', 'نعم', 'y'].includes(v.toLowerCase());

/** The column each header cell names: a field key or its label in the request's language. */
function headerColumns(columns: Column[], cells: readonly string[], language: Language): (Column | null)[] {
  const byLabel = new Map<string, Column>();
  for (const c of columns) {
    byLabel.set(c.key.toLowerCase(), c);
    byLabel.set(headerLabel(language, c).toLowerCase(), c);
  }
  return cells.map((h) => byLabel.get(String(h).trim().toLowerCase()) ?? null);
}

/** A row read as a record: the input to save, or the translated reasons it cannot be. */
function inputOfRow(
  entity: EntityDef,
  header: readonly (Column | null)[],
  cells: readonly string[],
  language: Language,
  refs: Map<string, Lookup>,
): { input: EntityInput; reasons: [] } | { input: null; reasons: string[] } {
  const reasons: string[] = [];
  const refused = new Set<string>();
  const byField = new Map(columnsOf(entity).map((c) => [c.field, c]));
  const reason = (c: Column | undefined, field: string, code: string) =>
    `${c ? headerLabel(language, c) : label(language, `fields.${field}`)}: ${translate(language, code)}`;
  const input: Record<string, unknown> = {};
  header.forEach((c, j) => {
    const v = String(cells[j] ?? '').trim();
    if (!c) return;
    const kind = c.def?.kind;
    if (kind === 'reference') {
      const id = v ? refs.get(c.field)?.get(v.toLowerCase()) : undefined;
      if (v && !id) {
        reasons.push(reason(c, c.field, 'validation.reference'));
        refused.add(c.field);
      }
      input[c.field] = id ?? null;
    } else if (v === '') {
      if (!c.def) input[c.field] = '';
    } else if (kind === 'boolean') input[c.field] = truthy(v);
    else if (kind === 'decimal') input[c.field] = v.replace(/,/g, '');
    else if (kind === 'integer') input[c.field] = /^-?\d+$/.test(v) ? Number(v) : v;
    else if (kind === 'enum')
      input[c.field] =
        c.def!.options?.find(
          (o) => o === v || label(language, `options.${o}`).toLowerCase() === v.toLowerCase(),
        ) ?? v;
    else input[c.field] = v;
  });
  const parsed = entityInputSchema(entity).safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'code');
      if (refused.has(field)) continue;
      const empty = input[field] === null || input[field] === undefined || input[field] === '';
      const code =
        empty && byField.get(field)?.def?.required
          ? 'validation.required'
          : issue.message.startsWith('validation.')
            ? issue.message
            : 'validation.invalid';
      reasons.push(reason(byField.get(field), field, code));
    }
  if (reasons.length || !parsed.success) return { input: null, reasons };
  return { input: parsed.data as EntityInput, reasons: [] };
}

/** The uploaded file travels in the job (under 1 MB), so a restarted process reads it again. */
export interface ImportInput {
  fileName: string;
  base64: string;
  /** The sheet's rows, the header included (`inspectSheet`). */
  rows: number;
}
export interface ImportState {
  /** Rows of the sheet consumed so far, the header included. */
  next: number;
  imported: number;
  rejected: number;
}

/** What this process holds for a running import: the sheet's rows as they are walked and the lookups. */
interface OpenImport {
  rows: Generator<SheetRow>;
  consumed: number;
  header: (Column | null)[];
  refs: Map<string, Lookup>;
}

export const importJobKindOf = (entity: EntityDef) => `${entity.service}.${entity.name}Import`;

/**
 * An entity's import as a background job: the rows are read one at a time from the file and saved through
 * the same engine writer as the screen, each in its own transaction together with the job's checkpoint, so a
 * restart resumes after the last saved row and never saves one twice. Refused rows are the job's rejections,
 * with their reasons in the importer's language.
 */
export function entityImportJob(
  deps: ServiceDeps,
  entity: EntityDef,
  entities: readonly EntityDef[],
  hooks: Readonly<Record<string, EntityHooks>> = {},
): JobKind<ImportInput, ImportState> {
  const open = new Map<string, OpenImport>();
  const columns = columnsOf(entity);
  // the checkpoint written inside the next save's transaction; chunks run one at a time per process
  let checkpoint: ((trx: Trx) => Promise<void>) | null = null;
  const { write } = entityWriter(
    {
      ...deps,
      transact: (work) =>
        deps.transact(async (trx) => {
          const result = await work(trx);
          await checkpoint?.(trx);
          return result;
        }),
    },
    entities,
    hooks,
  );

  async function reopen(id: string, input: ImportInput, state: ImportState, ctx: RequestContext) {
    const rows = sheetRows({ name: input.fileName, bytes: Buffer.from(input.base64, 'base64') });
    const first = rows.next();
    const header = first.done ? [] : headerColumns(columns, first.value.cells, ctx.language);
    let consumed = first.done ? 0 : 1;
    // after a restart: skip what the last checkpoint says was done
    while (consumed < state.next && !rows.next().done) consumed++;
    const s = tenantScope(deps.db, ctx.principal!.tenantId);
    const o: OpenImport = { rows, consumed, header, refs: await lookups(s, columns, entities) };
    open.set(id, o);
    return o;
  }

  const codeLabel = (language: Language) => label(language, 'fields.code');
  const arabicNameAt = (o: OpenImport, cells: readonly string[]) =>
    String(cells[o.header.findIndex((c) => c?.key === 'arabicName')] ?? '').trim();

  return {
    kind: importJobKindOf(entity),
    resumable: true,
    initialState: () => ({ next: 0, imported: 0, rejected: 0 }),
    release: (id) => void open.delete(id),
    async step(run) {
      const started = Date.now();
      const total = Math.max(0, run.input.rows - 1);
      let o = open.get(run.id);
      if (!o || o.consumed !== Math.max(run.state.next, 1))
        o = await reopen(run.id, run.input, run.state, run.ctx);
      const state = { ...run.state, next: o.consumed };
      const language = run.ctx.language;
      while (Date.now() - started < run.budgetMs) {
        const next = o.rows.next();
        if (next.done) {
          open.delete(run.id);
          return {
            state,
            done: total,
            total,
            result: { imported: state.imported, rejected: state.rejected },
          };
        }
        o.consumed++;
        const { row, cells } = next.value;
        // the template's second row (the columns' names for people) is not a record
        if (o.consumed === 2 && arabicNameAt(o, cells) === label(language, 'fields.arabicName')) {
          state.next = o.consumed;
          continue;
        }
        let { input, reasons } = inputOfRow(entity, o.header, cells, language, o.refs);
        if (
          input?.code &&
          (await tenantScope(deps.db, run.tenantId)(tableOf(entity)).where({ code: input.code }).first('id'))
        )
          ({ input, reasons } = {
            input: null,
            reasons: [`${codeLabel(language)}: ${translate(language, 'codeAlreadyUsed')}`],
          });
        if (input) {
          const after = { next: o.consumed, imported: state.imported + 1, rejected: state.rejected };
          checkpoint = (trx) => run.checkpoint(trx, after, after.next - 1);
          try {
            await write(run.ctx, entity, null, input);
            Object.assign(state, after);
            continue;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const byField = new Map(columns.map((c) => [c.field, c]));
            reasons = error.fields.length
              ? error.fields.map((f) => {
                  const c = byField.get(f.field);
                  const name = c ? headerLabel(language, c) : label(language, `fields.${f.field}`);
                  return `${name}: ${translate(language, f.code, f.params)}`;
                })
              : [translate(language, error.key)];
          } finally {
            checkpoint = null;
          }
        }
        await run.reject(row, reasons);
        state.next = o.consumed;
        state.rejected += 1;
      }
      return { state, done: Math.min(total, state.next - 1), total };
    },
  };
}

/** The import jobs of the entities that declare an Excel migration (a service registers them with its jobs). */
export function masterDataJobs(
  deps: ServiceDeps,
  entities: readonly EntityDef[],
  hooks: Readonly<Record<string, EntityHooks>> = {},
): JobKind<ImportInput, ImportState>[] {
  return entities.filter((e) => e.dataMigration).map((e) => entityImportJob(deps, e, entities, hooks));
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: importLimits.maxBytes, files: 1 },
});

function receiveFile(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload.single('file')(req, res, (error: unknown) => {
      if (error || !req.file)
        reject(new AppError(400, 'validationFailed', {}, [{ field: 'file', code: 'validation.importFile' }]));
      else resolve(req.file);
    });
  });
}

/** GET (the workbook or its template) and POST (an import job) at the entity's `/api/data-migration/<name>`. */
export function dataMigrationHandlers(
  deps: ServiceDeps,
  entity: EntityDef,
  entities: readonly EntityDef[],
): BoundRoute[] {
  if (!entity.dataMigration) return [];
  const path = dataMigrationPathOf(entity);
  const specs = entityRoutes(entity).filter((r) => r.path === path);
  const [exportSpec, importSpec] = ['get', 'post'].map((m) => specs.find((r) => r.method === m)!);
  const file = entity.dataMigration.name.toLowerCase();
  return [
    handle(exportSpec!, async ({ ctx, query, res }) => {
      const template = (query as { template: string }).template === 'true';
      const s = tenantScope(deps.db, ctx.principal!.tenantId);
      const buffer = await exportWorkbook(s, entity, entities, ctx.language, template);
      res
        .status(200)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .attachment(template ? `${file}-template.xlsx` : `${file}.xlsx`)
        .send(buffer);
    }),
    handle(importSpec!, async ({ ctx, req, res }) => {
      const uploaded = await receiveFile(req, res);
      // the limits are checked here, before any row is parsed; the rows are read by the job
      const { rows } = inspectSheet({ name: uploaded.originalname, bytes: uploaded.buffer });
      return deps.jobs.enqueue<ImportInput>(ctx, {
        kind: importJobKindOf(entity),
        resource: entity.name,
        input: { fileName: uploaded.originalname, base64: uploaded.buffer.toString('base64'), rows },
        total: Math.max(0, rows - 1),
      });
    }),
  ];
}
