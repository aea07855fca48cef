import {
  entitiesOf,
  totalsByMainUnit,
  type Dec,
  type DocumentDef,
  type DocumentRecord,
  type ReferenceNames,
  type UnitCount,
} from '@erp/contracts';
import type { Page } from '../db/paging';
import type { TenantScope } from '../db/tenant-scope';
import { referenceNames } from '../master-data/reference-names';
import { documentStore } from './store';

type LineUnits = (
  s: TenantScope,
  itemIds: readonly string[],
) => Promise<ReadonlyMap<string, { mainUnitId: string; rates: ReadonlyMap<string, Dec> }>>;

/**
 * Documents' quantities per main unit of their items (issue 12 item 5), from the service's `lineUnits` hook:
 * 5 cartons of 24 and 10 pieces are 130 pieces, and pieces are never added to kilograms. The document read and
 * the list give them with the units' names, so a reader who may not read units still sees their names.
 */
export function quantityTotals(lineUnits: LineUnits | undefined) {
  /**
   * How lines count in their items' main units, for the items of `lines` (one look-up for a whole list page);
   * null when the service keeps no units or the document has no quantities (a voucher).
   */
  async function countedBy(s: TenantScope, doc: DocumentDef, lines: readonly Record<string, unknown>[]) {
    const quantityField = doc.quantityField;
    if (!lineUnits || !quantityField) return null;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const units = await lineUnits(s, [...new Set(lines.map((l) => str(l.itemId)).filter(Boolean))]);
    return (of: readonly Record<string, unknown>[]) =>
      totalsByMainUnit(
        of.flatMap((l) => {
          const u = units.get(str(l.itemId));
          const q = l[quantityField];
          if (!u || q === null || q === undefined || q === '') return [];
          return [{ quantity: String(q), unitId: str(l.unitId) || null, ...u }];
        }),
      );
  }

  /** The lines' quantities per main unit of their items; null when the service keeps no units. */
  async function mainUnitTotals(
    s: TenantScope,
    doc: DocumentDef,
    lines: readonly Record<string, unknown>[],
  ): Promise<UnitCount[] | null> {
    const totalsOf = await countedBy(s, doc, lines);
    return totalsOf && totalsOf(lines);
  }

  /** The names of the units of some quantity totals. */
  async function unitNames(
    s: TenantScope,
    doc: DocumentDef,
    totals: readonly UnitCount[],
  ): Promise<ReferenceNames> {
    const unitField = doc.lines.find((f) => f.name === 'unitId');
    return unitField && totals.length
      ? referenceNames(
          s,
          [unitField],
          totals.map((t) => ({ unitId: t.unitId })),
          entitiesOf(doc.service),
        )
      : {};
  }

  /** A list page with each document's quantities per main unit and those units' names ('130 pieces + 2.5 kg'). */
  async function withQuantityTotals(
    s: TenantScope,
    doc: DocumentDef,
    page: Page<DocumentRecord>,
  ): Promise<Page<DocumentRecord>> {
    if (page.items.length === 0 || !lineUnits || !doc.quantityField) return page;
    const linesOf = await documentStore.quantityLines(
      s,
      doc,
      page.items.map((r) => r.id),
    );
    const totalsOf = await countedBy(s, doc, [...linesOf.values()].flat());
    if (!totalsOf) return page;
    const totals = new Map(page.items.map((r) => [r.id, totalsOf(linesOf.get(r.id) ?? [])]));
    const names = await unitNames(s, doc, [...totals.values()].flat());
    for (const r of page.items) {
      const own = totals.get(r.id) ?? [];
      r.quantityTotals = own;
      r.names = {
        ...r.names,
        ...Object.fromEntries(own.flatMap((t) => (names[t.unitId] ? [[t.unitId, names[t.unitId]!]] : []))),
      };
    }
    return page;
  }

  return { mainUnitTotals, unitNames, withQuantityTotals };
}
