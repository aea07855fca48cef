import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { FilterMatchMode } from 'primereact/api';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../RowActions';
import type { EntityDef, FieldDef } from '@erp/contracts';
import { label } from '@erp/i18n';
import { useFeature } from '../feature';
import type { EntityRecord } from './form-model';
import { nameOf } from './names';
import { editRouteOf, hasFormPages, newRouteOf } from './manifest-parts';
import type { ReferenceOption } from './references';
import { useRowsNamedBy, useServerList } from './server-list';
import { ListHeader, ListToolbar } from './ListToolbar';
import { RecordDialog, type RecordDialogState } from './RecordDialog';
import { DeleteConfirm } from '../DeleteConfirm';
import { cellText, ColumnFilter, shortened } from './column-filters';
import { loadable } from '../loadable';

// the Excel import and export (the items list only) bring the job progress and the server texts with them
const DataMigrationActions = loadable(() => import('./DataMigration').then((m) => m.DataMigrationActions));

/** The base columns every entity has, then its list fields. */
function listColumns(entity: EntityDef): FieldDef[] {
  return [
    { name: 'code', kind: 'text' },
    { name: 'arabicName', kind: 'text' },
    { name: 'englishName', kind: 'text' },
    ...entity.fields.filter((f) => f.list && f.kind !== 'secret'),
  ];
}

/** The list of an entity's records, with its form in a dialog where the entity has no form pages. */
export function MasterDataList({
  entity,
  references,
  readOnly,
  onUnknownReference,
  migrationPath,
}: {
  entity: EntityDef;
  references: Record<string, readonly ReferenceOption[]>;
  readOnly: boolean;
  onUnknownReference: () => void;
  migrationPath?: string;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const columns = useMemo(() => listColumns(entity), [entity]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const list = useServerList<EntityRecord>({
    api,
    path: entity.apiPath,
    language,
    filters: useMemo(
      () => Object.fromEntries(Object.entries(filters).map(([field, v]) => [`filter[${field}]`, v])),
      [filters],
    ),
    emptyTestId: 'md-empty',
  });
  const { criteria, reload } = list;
  const [dialog, setDialog] = useState<RecordDialogState>(null);
  const [toDelete, setToDelete] = useState<EntityRecord | null>(null);
  const [exporting, setExporting] = useState(false);

  const canAdd = context.can(entity.permissions.add);
  const canEdit = context.can(entity.permissions.edit);
  const pages = hasFormPages(entity);
  const entityName = label(language, `entities.${entity.name}`);

  async function exportXlsx() {
    setExporting(true);
    try {
      const blob = await api.get<Blob>(`${entity.apiPath}/export`, undefined, {
        query: criteria,
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${entityName}.xlsx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // the shell's alert already showed the translated detail
    } finally {
      setExporting(false);
    }
  }

  async function remove(record: EntityRecord) {
    try {
      await api.del(entity.apiPath, record.id, { quiet: true });
      context.notify('success', t('md.deleted'));
      reload();
    } catch (error) {
      const detail = (error as { detail?: string }).detail || String(error);
      // 409 referencedRecord (or masterBranchReadOnly): the server's translated text in the spec's alert
      context.notify('error', t('md.errorTitle'), detail);
    }
  }

  const openNew = () => (pages ? context.navigate(newRouteOf(entity)) : setDialog({ kind: 'new' }));
  const openEdit = (r: EntityRecord) =>
    pages
      ? context.navigate(editRouteOf(entity).replace(':id', encodeURIComponent(r.id)))
      : setDialog({ kind: 'edit', id: r.id });

  const refNames = useMemo(() => {
    const out: Record<string, Map<string, string>> = {};
    for (const [field, options] of Object.entries(references)) {
      out[field] = new Map(options.map((o) => [o.value, o.label]));
    }
    return out;
  }, [references]);

  const shownRows = useRowsNamedBy(list.items, refNames);

  // A row pointing at a record the loaded choices lack (created since they were loaded): load them again,
  // once per set of unknown ids, so that the column shows names rather than ids.
  const asked = useRef('');
  useEffect(() => {
    const unknown: string[] = [];
    for (const f of entity.fields) {
      if (f.kind !== 'reference' || !references[f.name]) continue;
      for (const r of list.items) {
        const v = r[f.name];
        if (typeof v === 'string' && v && !refNames[f.name]?.has(v)) unknown.push(v);
      }
    }
    const key = unknown.sort().join(',');
    if (key && key !== asked.current) {
      asked.current = key;
      onUnknownReference();
    }
  }, [list.items, refNames, references, entity, onUnknownReference]);

  const cell = (f: FieldDef) => (r: EntityRecord) =>
    shortened(cellText(f, r[f.name], language, refNames[f.name]));

  const filterElement = (f: FieldDef) => (
    <ColumnFilter
      field={f}
      value={filters[f.name] ?? ''}
      onChange={(v) => setFilters((all) => ({ ...all, [f.name]: v }))}
      options={references[f.name]}
    />
  );

  const actions = (r: EntityRecord) => (
    <RowActions
      actions={
        readOnly || !canEdit
          ? [{ kind: 'view', testId: 'md-view', onClick: () => setDialog({ kind: 'view', id: r.id }) }]
          : [
              { kind: 'edit', testId: 'md-edit', onClick: () => openEdit(r) },
              { kind: 'delete', testId: 'md-delete', onClick: () => setToDelete(r) },
            ]
      }
    />
  );

  const tableFilters = useMemo<DataTableFilterMeta>(
    () =>
      Object.fromEntries(
        columns.map((c) => [c.name, { value: filters[c.name] ?? null, matchMode: FilterMatchMode.CONTAINS }]),
      ),
    [columns, filters],
  );

  return (
    <section className="erp-md" data-testid="md-list" data-entity={entity.name}>
      <ListHeader title={entityName} total={list.total} testId="md-total" />
      {readOnly ? (
        <Message
          severity="info"
          text={t('md.readOnly')}
          className="erp-md__notice"
          data-testid="md-read-only"
        />
      ) : null}
      <div className="erp-md__card">
        <ListToolbar
          list={list}
          searchLabel={t('md.search')}
          testIds="md"
          actions={
            migrationPath ? (
              <DataMigrationActions
                path={migrationPath}
                service={entity.service}
                fileName={entityName}
                canImport={canAdd && !readOnly}
                onImported={reload}
              />
            ) : (
              <Button
                type="button"
                icon="pi pi-file-excel"
                label={t('md.export')}
                severity="success"
                outlined
                loading={exporting}
                data-testid="md-export"
                onClick={() => void exportXlsx()}
              />
            )
          }
          onNew={canAdd ? openNew : undefined}
          newDisabled={readOnly}
        />
        <DataTable
          {...list.table}
          value={shownRows}
          dataKey="id"
          filters={tableFilters}
          filterDisplay="row"
          stripedRows
          size="small"
          scrollable
          className="erp-md__table"
          data-testid="md-table"
        >
          {/* the actions first, at the start side: never scrolled away however many columns follow */}
          <Column header={t('md.actions')} body={actions} className="erp-md__actions-col" />
          {columns.map((f) => (
            <Column
              key={f.name}
              field={f.name}
              header={label(language, `fields.${f.name}`)}
              sortable
              filter
              showFilterMenu={false}
              filterElement={filterElement(f)}
              body={cell(f)}
              bodyClassName={f.kind === 'decimal' || f.kind === 'integer' ? 'erp-md__num' : undefined}
            />
          ))}
        </DataTable>
      </div>

      <DeleteConfirm
        record={toDelete}
        onHide={() => setToDelete(null)}
        header={t('md.confirmDeleteTitle')}
        message={t('md.confirmDelete', { name: toDelete ? nameOf(toDelete, language) : '' })}
        onDelete={(record) => void remove(record)}
      />

      <RecordDialog
        entity={entity}
        entityName={entityName}
        state={dialog}
        // a form with lines (an item's units, a price list's items) needs room for their columns
        width={entity.fields.some((f) => f.kind === 'lines') ? 'min(72rem, 96vw)' : 'min(56rem, 96vw)'}
        readOnly={readOnly}
        canAdd={canAdd}
        canEdit={canEdit}
        references={references}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
