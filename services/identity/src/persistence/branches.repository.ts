import { branchSchema, type Branch, type BranchInput } from '@erp/contracts';
import {
  bool,
  nowIso,
  paginate,
  parseJson,
  searchColumns,
  type PageRequest,
  type TenantScope,
} from '@erp/service-kit';

type Row = Record<string, unknown>;

const COLUMNS = ['id', 'code', 'isMaster', 'arabicName', 'englishName', 'decimalDigits'] as const;

export function toBranch(row: Row): Branch {
  const data = parseJson<Record<string, unknown>>(row.data, {});
  return branchSchema.parse({
    ...data,
    id: row.id,
    code: row.code,
    isMaster: bool(row.is_master),
    arabicName: row.arabic_name,
    englishName: row.english_name,
    decimalDigits: Number(row.decimal_digits),
  });
}

function toRow(id: string, isMaster: boolean, input: BranchInput): Row {
  const data: Record<string, unknown> = { ...input };
  for (const c of COLUMNS) delete data[c];
  return {
    id,
    code: input.code,
    is_master: isMaster,
    arabic_name: input.arabicName,
    english_name: input.englishName,
    decimal_digits: input.decimalDigits,
    data: JSON.stringify(data),
  };
}

export const branchesRepository = {
  list(s: TenantScope, page: PageRequest & { search?: string | undefined }) {
    const q = searchColumns(s('branches'), ['code', 'arabic_name', 'english_name'], page.search);
    return paginate(q, page, (x) => x.orderBy('code'), toBranch);
  },
  async all(s: TenantScope): Promise<Branch[]> {
    return (await s('branches').orderBy('code')).map(toBranch);
  },
  async find(s: TenantScope, id: string): Promise<Branch | null> {
    const row = await s('branches').where({ id }).first();
    return row ? toBranch(row) : null;
  },
  async codeTaken(s: TenantScope, code: string, exceptId?: string): Promise<boolean> {
    const q = s('branches').where({ code });
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.first('id'));
  },
  async existing(s: TenantScope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await s.byIds('branches', ids).select('id')).map((r: Row) => String(r.id));
  },
  async insert(s: TenantScope, id: string, isMaster: boolean, input: BranchInput): Promise<void> {
    const now = nowIso();
    await s.insert('branches', { ...toRow(id, isMaster, input), created_at: now, updated_at: now });
  },
  async update(s: TenantScope, id: string, isMaster: boolean, input: BranchInput): Promise<void> {
    const { id: _id, ...row } = toRow(id, isMaster, input);
    await s('branches')
      .where({ id })
      .update({ ...row, updated_at: nowIso() });
  },
  async remove(s: TenantScope, id: string): Promise<void> {
    await s('branches').where({ id }).delete();
  },
};
