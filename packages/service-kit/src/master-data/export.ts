import ExcelJS from 'exceljs';
import type { EntityDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import type { TenantScope } from '../db/tenant-scope';
import { entityStore, type ScopedListQuery } from './store';

/** The list as the user filtered it, as an .xlsx workbook with translated headers (right to left in ar/ku). */
export async function exportEntity(
  s: TenantScope,
  entity: EntityDef,
  entities: readonly EntityDef[],
  query: ScopedListQuery,
  language: Language,
): Promise<Buffer> {
  const records = await entityStore.all(s, entity, query);
  const arabic = language === 'ar' || language === 'ku';
  const fields = entity.fields.filter((f) => f.kind !== 'secret' && f.kind !== 'lines');
  const names = new Map<string, Map<string, string>>();
  for (const f of fields) {
    if (f.kind === 'reference' || f.kind === 'references')
      names.set(f.name, await entityStore.referenceNames(s, f, entities, arabic));
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(label(language, `entities.${entity.name}`).slice(0, 31), {
    views: [{ rightToLeft: arabic, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: label(language, 'fields.code'), key: 'code', width: 12 },
    { header: label(language, 'fields.arabicName'), key: 'arabicName', width: 30 },
    { header: label(language, 'fields.englishName'), key: 'englishName', width: 30 },
    ...fields.map((f) => ({ header: label(language, `fields.${f.name}`), key: f.name, width: 20 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of records) {
    const row: Record<string, unknown> = {
      code: r.code,
      arabicName: r.arabicName,
      englishName: r.englishName,
    };
    for (const f of fields) {
      const v = r[f.name];
      if (f.kind === 'boolean') row[f.name] = label(language, v ? 'common.yes' : 'common.no');
      else if (f.kind === 'enum') row[f.name] = v ? label(language, `options.${String(v)}`) : '';
      else if (f.kind === 'reference') row[f.name] = v ? (names.get(f.name)?.get(String(v)) ?? '') : '';
      else if (f.kind === 'references')
        row[f.name] = ((v as string[]) ?? []).map((id) => names.get(f.name)?.get(id) ?? '').join('، ');
      else if (f.kind === 'decimal')
        row[f.name] = v === null ? '' : Number(v); // a spreadsheet number for the user's sums
      else row[f.name] = v ?? '';
    }
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
