import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { items as itemsEntity } from '@erp/contracts';
import { useFeature } from '../feature';
import { SelectInput } from '../fields/SelectInput';
import { withStored } from '../fields/FieldInput';
import type { CellContext } from '../lines/LinesGrid';
import type { FormValues } from '../master-data/form-model';
import { ItemPicker } from './ItemPicker';
import { unitChoices, type CatalogItem, type ItemMatch } from './items';

/** What a grid adds to a line beyond the item and unit (a receipt's cost from the item's cost price). */
export interface ItemLineHooks {
  onItem?: (line: FormValues, item: CatalogItem, unitId: string | null) => FormValues;
  onUnit?: (line: FormValues, item: CatalogItem, unitId: string | null) => FormValues;
}

/**
 * The item and unit cells of any lines grid whose lines name an item (a document's lines, an item's
 * components, a price list's items): the item is picked by code, barcode or name (the catalog may hold
 * 100,000 items: no list of them is loaded), and the unit offers only that item's units (its main unit and
 * sub-units, spec section 3). The lines' items are loaded once each, for their names, units and costs.
 */
export function useItemLineCells(
  lines: readonly FormValues[],
  unitNames: ReadonlyMap<string, string>,
  hooks: ItemLineHooks = {},
  /** Names the document brought (an item's 'code · name'), shown while or when its record cannot be read. */
  knownNames: ReadonlyMap<string, string> = new Map(),
) {
  const { api } = useFeature();
  const { t } = useTranslation('ui');
  const [items, setItems] = useState<Record<string, CatalogItem>>({});
  const asked = useRef(new Set<string>());
  const itemIds = useMemo(
    () => [
      ...new Set(lines.map((l) => l.itemId).filter((v): v is string => typeof v === 'string' && v !== '')),
    ],
    [lines],
  );
  useEffect(() => {
    for (const itemId of itemIds) {
      if (items[itemId] || asked.current.has(itemId)) continue;
      asked.current.add(itemId);
      api.get<CatalogItem>(itemsEntity.apiPath, itemId, { quiet: true }).then(
        (item) => setItems((all) => ({ ...all, [item.id]: item })),
        () => undefined,
      );
    }
  }, [api, itemIds, items]);

  const pick = useCallback(
    (cell: CellContext, match: ItemMatch) => {
      setItems((all) => ({ ...all, [match.item.id]: match.item }));
      const unitId = match.unitId ?? match.item.mainUnitId ?? null;
      cell.patch({
        itemId: match.item.id,
        unitId,
        ...(hooks.onItem?.(cell.line, match.item, unitId) ?? {}),
      });
    },
    [hooks],
  );

  const renderCell = (cell: CellContext): ReactNode | undefined => {
    const item = items[String(cell.line.itemId ?? '')];
    if (cell.field.name === 'itemId')
      return (
        <ItemPicker
          id={cell.id}
          item={item}
          value={(cell.value as string | null) ?? null}
          knownName={knownNames.get(String(cell.value ?? ''))}
          disabled={cell.disabled}
          invalid={cell.invalid}
          ariaLabel={cell.ariaLabel}
          onPick={(match) => pick(cell, match)}
          onNext={cell.next}
        />
      );
    if (cell.field.name === 'unitId')
      return (
        <SelectInput
          id={cell.id}
          disabled={cell.disabled}
          invalid={cell.invalid}
          value={cell.value ?? null}
          options={withStored(unitChoices(item, unitNames), cell.value, unitNames)}
          placeholder={t('lines.choose')}
          ariaLabel={cell.ariaLabel}
          testId="unit-picker"
          onEnter={cell.next}
          onChange={(value) => {
            const unitId = (value as string | null) ?? null;
            cell.patch({ unitId, ...(item ? (hooks.onUnit?.(cell.line, item, unitId) ?? {}) : {}) });
          }}
        />
      );
    return undefined;
  };

  /** Items known already (a count sheet's rows name theirs): no lookup each. */
  const remember = useCallback(
    (known: readonly CatalogItem[]) =>
      setItems((all) => {
        const next = { ...all };
        for (const item of known) next[item.id] ??= item;
        return next;
      }),
    [],
  );

  return { items, renderCell, remember };
}

/** Whether a grid's lines name an item and its unit: its cells are the item picker and the item's units. */
export const namesItems = (lineFields: readonly { name: string; reference?: string }[]) =>
  lineFields.some((f) => f.name === 'itemId' && f.reference === itemsEntity.name);
