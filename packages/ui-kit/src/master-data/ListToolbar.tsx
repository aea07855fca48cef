import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from './server-list';

/** A list screen's title with its count of rows (master data, documents, stock transactions). */
export function ListHeader({ title, total, testId }: { title: string; total: number; testId?: string }) {
  const { t } = useTranslation('ui');
  return (
    <header className="erp-md__header">
      <h1 className="erp-md__title">{title}</h1>
      <span className="erp-md__total" data-testid={testId}>
        {t('md.total', { count: total })}
      </span>
    </header>
  );
}

/**
 * The bar above a list: its search box (if it has one), the list's own filters, and at the end side its actions then "New"
 * (shown to those who may add; disabled on a read-only branch). One bar for every list, so they keep one
 * layout and one set of keyboard stops.
 */
export function ListToolbar({
  list,
  searchLabel,
  testIds,
  filters,
  actions,
  onNew,
  newDisabled = false,
}: {
  /** The list's search text ({@link useServerList}'s `search` and `setSearch`); a report has none. */
  list?: { search: string; setSearch: (text: string) => void };
  searchLabel?: string;
  /** The prefix of the search box's and the "New" button's test ids (`md` → `md-search`, `md-new`). */
  testIds?: string;
  filters?: ReactNode;
  actions?: ReactNode;
  /** Absent: no "New" button (the user may not add). */
  onNew?: () => void;
  newDisabled?: boolean;
}) {
  const { t } = useTranslation('ui');
  return (
    <div className="erp-md__toolbar">
      {list ? (
        <ListSearch
          value={list.search}
          onChange={list.setSearch}
          label={searchLabel ?? ''}
          testId={`${testIds}-search`}
        />
      ) : null}
      {filters ? <div className="erp-doc__filters">{filters}</div> : null}
      <div className="erp-md__toolbar-end">
        {actions}
        {onNew ? (
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('md.new')}
            disabled={newDisabled}
            data-testid={`${testIds}-new`}
            onClick={onNew}
          />
        ) : null}
      </div>
    </div>
  );
}
