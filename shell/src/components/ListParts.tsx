import { DataTable } from 'primereact/datatable';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useServerList } from '@erp/ui-kit';

// The parts the shell's own list screens share (users, branches, logs, support tickets).

type ServerList<T> = ReturnType<typeof useServerList<T>>;

/** A server-paged list's table, in the shell's look; its columns are the children. */
export function ListTable<T extends { id: string }>({
  list,
  rowClassName,
  children,
}: {
  list: ServerList<T>;
  rowClassName?: (row: T) => string;
  children: ReactNode;
}) {
  return (
    <DataTable
      {...list.table}
      value={list.items}
      dataKey="id"
      className="erp-table"
      size="small"
      stripedRows
      rowClassName={rowClassName as ((row: object) => string) | undefined}
    >
      {children}
    </DataTable>
  );
}

/** The search box of a list screen's header. */
export function ScreenSearch({
  list,
  testId,
}: {
  list: { search: string; setSearch: (text: string) => void };
  testId?: string;
}) {
  const { t } = useTranslation('shell');
  return (
    <span className="erp-search">
      <i className="pi pi-search" aria-hidden="true" />
      <InputText
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
        placeholder={t('screens.common.search')}
        aria-label={t('screens.common.search')}
        data-testid={testId}
      />
    </span>
  );
}

/** Asks before deleting a record (the spec's confirmation), then deletes it and runs `done`. */
export function confirmDelete(
  t: (key: string) => string,
  message: string,
  remove: () => Promise<unknown>,
  done: () => void,
): void {
  confirmDialog({
    header: t('screens.common.confirmDeleteTitle'),
    message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('screens.common.yes'),
    rejectLabel: t('screens.common.no'),
    acceptClassName: 'p-button-danger',
    // a refusal: the client showed the alert
    accept: () => void remove().then(done, () => undefined),
  });
}
