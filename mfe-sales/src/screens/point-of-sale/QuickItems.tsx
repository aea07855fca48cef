import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosCatalogItem } from '@erp/contracts';
import { nameOf, useFeature } from '@erp/ui-kit';
import type { BarcodeIndex } from './barcode-index';
import { quickItemsOf } from './quick-items';

/**
 * The grid of quick items (issue 15 deliverable 1): one tap adds the item in its main unit, as a scan of its
 * barcode would. The list is the items flagged in master data, read from the till's offline catalogue, so it
 * works offline; it is recomputed when the catalogue changes (`catalogSize` or a refresh).
 */
export function QuickItems({
  index,
  version,
  onPick,
}: {
  index: { current: BarcodeIndex };
  /** Changes when the catalogue does. */
  version: unknown;
  onPick: (item: PosCatalogItem) => void;
}) {
  const { t } = useTranslation();
  const { language } = useFeature();
  const items = useMemo(() => quickItemsOf(index.current), [index, version]);
  if (items.length === 0) return null;
  return (
    <nav className="erp-till__quick" aria-label={t('quickItems.title')} data-testid="till-quick-items">
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          data-testid="till-quick-item"
          // a tap must not take the focus from the scan field: the next scan goes on at once
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item)}
        >
          {nameOf(item, language)}
        </button>
      ))}
    </nav>
  );
}
