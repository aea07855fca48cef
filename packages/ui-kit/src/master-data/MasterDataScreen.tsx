import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { FilterMatchMode } from 'primereact/api';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../RowActions';
import type { EntityDef, FieldDef } from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import type { FeatureLocation } from '../contract';
import { useFeature } from '../feature';
import type { EntityRecord } from './form-model';
import type { MasterDataFormProps } from './MasterDataForm';
import { nameOf } from './names';
import { editRouteOf, hasFormPages, masterDataRoutes, newRouteOf } from './manifest-parts';
import { useReferenceOptions, type ReferenceOption } from './references';
import { MASTER_DATA_CSS } from './styles';
import { useDebounced, useRowsNamedBy, useServerList } from './server-list';
import { ListHeader, ListToolbar } from './ListToolbar';

/**
 * The form and its rules (zod, the phone metadata, the line grids) load when a form is first opened: a list
 * screen fetches only what a list uses (issue 12, the first screen comes fast).
 */
// the Excel import and export (the items list only) bring the job progress and the server texts with them
const DataMigrationActions = lazy(() =>
  import('./DataMigration').then((m) => ({ default: m.DataMigrationActions })),
);
const FormOfEntity = lazy(() => import('./MasterDataForm').then((m) => ({ default: m.MasterDataForm })));
function MasterDataForm(props: MasterDataFormProps) {
  return (
    <Suspense fallback={<i className="pi pi-spin pi-spinner" aria-hidden="true" />}>
      <FormOfEntity {...props} />
    </Suspense>
  );
}

/** Spec section 9: long text is shortened after 38 characters. */
const SHORTEN_AFTER = 38;

type Mode = 'list' | 'new' | 'edit';

/** The base columns every entity has, then its list fields. */
function listColumns(entity: EntityDef): FieldDef[] {
  return [
    { name: 'code', kind: 'text' },
    { name: 'arabicName', kind: 'text' },
    { name: 'englishName', kind: 'text' },
    ...entity.fields.filter((f) => f.list && f.kind !== 'secret'),
  ];
}

/** The kit's screen styles (lists, forms, lines grids, documents, print views), loaded once per page. */
export function KitStyles() {
  // React 19 hoists and de-duplicates a style with href and precedence: the kit's styles load once per page.
  return (
    <style href="erp-ui-kit-master-data" precedence="default">
      {MASTER_DATA_CSS}
    </style>
  );
}

/**
 * The one master-data screen of every feature app, driven by an entity's declaration: the list (lazy
 * server-side paging, sort, search-as-you-type, column filters, Excel export, delete with a confirmation)
 * and its form, as a dialog on the list route, or as the spec's new and edit/{id} pages where it has them.
 * The master branch is read-only: records can be previewed, not changed.
 */
export function MasterDataScreen({
  entity,
  mode,
  location,
  migrationPath,
}: {
  entity: EntityDef;
  mode: Mode;
  location: FeatureLocation;
  /** The spec's `/data-migration/<Name>` of this list (items, customers, suppliers): export and import. */
  migrationPath?: string;
}) {
  const context = useFeature();
  const [referencesVersion, reloadReferences] = useReducer((n: number) => n + 1, 0);
  const references = useReferenceOptions(entity, context, referencesVersion);
  const readOnly = context.branch?.isMaster === true;
  return (
    <>
      <KitStyles />
      {mode === 'list' ? (
        <MasterDataList
          entity={entity}
          references={references}
          readOnly={readOnly}
          onUnknownReference={reloadReferences}
          migrationPath={migrationPath}
        />
      ) : (
        <MasterDataPage
          entity={entity}
          id={mode === 'edit' ? location.params.id : undefined}
          references={references}
          readOnly={readOnly}
        />
      )}
    </>
  );
}

function MasterDataPage({
  entity,
  id,
  references,
  readOnly,
}: {
  entity: EntityDef;
  id: string | undefined;
  references: Record<string, readonly ReferenceOption[]>;
  readOnly: boolean;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const entityName = label(context.language, `entities.${entity.name}`);
  const canSave = context.can(id === undefined ? entity.permissions.add : entity.permissions.edit);
  const title = t(readOnly ? 'md.viewTitle' : id === undefined ? 'md.newTitle' : 'md.editTitle', {
    entity: entityName,
  });
  const back = () => context.navigate(entity.route);
  return (
    <section className="erp-md erp-md--page" data-testid="md-page" data-entity={entity.name}>
      <header className="erp-md__header">
        <h1 className="erp-md__title">{title}</h1>
      </header>
      {readOnly ? <Message severity="info" text={t('md.readOnly')} className="erp-md__notice" /> : null}
      <div className="erp-md__card">
        <MasterDataForm
          key={id ?? 'new'}
          entity={entity}
          id={id}
          readOnly={readOnly}
          canSave={canSave}
          references={references}
          cancelLabel={t('md.back')}
          renderActions={(actions) => <div className="erp-md__actions">{actions}</div>}
          onSaved={back}
          onCancel={back}
        />
      </div>
    </section>
  );
}

type DialogState = { kind: 'new' } | { kind: 'edit' | 'view'; id: string } | null;

function MasterDataList({
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
  const [dialog, setDialog] = useState<DialogState>(null);
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

  const cell = (f: FieldDef) => (r: EntityRecord) => {
    const text = cellText(f, r[f.name], language, refNames[f.name]);
    if (text.length <= SHORTEN_AFTER) return text;
    return <span title={text}>{`${text.slice(0, SHORTEN_AFTER)}…`}</span>;
  };

  const filterElement = (f: FieldDef) => {
    const value = filters[f.name] ?? '';
    const setValue = (v: string) => setFilters((all) => ({ ...all, [f.name]: v }));
    const aria = t('md.filterBy', { field: label(language, `fields.${f.name}`) });
    if (f.kind === 'boolean' || f.kind === 'enum' || f.kind === 'reference') {
      const options =
        f.kind === 'boolean'
          ? [
              { value: 'true', label: label(language, 'common.yes') },
              { value: 'false', label: label(language, 'common.no') },
            ]
          : f.kind === 'enum'
            ? (f.options ?? []).map((o) => ({ value: o, label: label(language, `options.${o}`) }))
            : [...(references[f.name] ?? [])];
      return (
        <Dropdown
          value={value || null}
          options={options}
          placeholder={t('md.all')}
          showClear
          filter={f.kind === 'reference'}
          aria-label={aria}
          className="erp-md__filter"
          data-testid={`md-filter-${f.name}`}
          onChange={(e) => setValue((e.value as string | null) ?? '')}
        />
      );
    }
    return <TextFilter value={value} onChange={setValue} ariaLabel={aria} testId={`md-filter-${f.name}`} />;
  };

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
              <Suspense fallback={null}>
                <DataMigrationActions
                  path={migrationPath}
                  service={entity.service}
                  fileName={entityName}
                  canImport={canAdd && !readOnly}
                  onImported={reload}
                />
              </Suspense>
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

      <ConfirmDialog
        visible={toDelete !== null}
        onHide={() => setToDelete(null)}
        header={t('md.confirmDeleteTitle')}
        message={t('md.confirmDelete', { name: toDelete ? nameOf(toDelete, language) : '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('md.delete')}
        rejectLabel={t('md.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (toDelete) void remove(toDelete);
        }}
        className="erp-md-dialog"
      />

      <Dialog
        visible={dialog !== null}
        onHide={() => setDialog(null)}
        header={t(
          dialog?.kind === 'new' ? 'md.newTitle' : dialog?.kind === 'edit' ? 'md.editTitle' : 'md.viewTitle',
          { entity: entityName },
        )}
        className="erp-md-dialog"
        // a form with lines (an item's units, a price list's items) needs room for their columns
        style={{
          width: entity.fields.some((f) => f.kind === 'lines') ? 'min(72rem, 96vw)' : 'min(56rem, 96vw)',
        }}
        modal
        blockScroll
        dismissableMask={false}
        data-testid="md-dialog"
      >
        {dialog ? (
          <MasterDataForm
            key={dialog.kind === 'new' ? 'new' : `${dialog.kind}:${dialog.id}`}
            entity={entity}
            id={dialog.kind === 'new' ? undefined : dialog.id}
            readOnly={readOnly || dialog.kind === 'view'}
            canSave={dialog.kind === 'new' ? canAdd : canEdit}
            references={references}
            renderActions={(buttons) => <div className="erp-md__actions">{buttons}</div>}
            onSaved={() => {
              setDialog(null);
              reload();
            }}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

/** A column's text filter: sent after the same one-second pause as the search. */
function TextFilter({
  value,
  onChange,
  ariaLabel,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  ariaLabel: string;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text.trim());
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // only a new debounced text is sent (value and onChange are left out on purpose)
  }, [debounced]);
  return (
    <InputText
      value={text}
      aria-label={ariaLabel}
      data-testid={testId}
      className="erp-md__filter"
      onChange={(e) => setText(e.target.value)}
    />
  );
}

function cellText(
  f: FieldDef,
  value: unknown,
  language: Language,
  names: Map<string, string> | undefined,
): string {
  if (value === null || value === undefined) return '';
  switch (f.kind) {
    case 'boolean':
      return label(language, value ? 'common.yes' : 'common.no');
    case 'enum':
      return label(language, `options.${String(value)}`);
    case 'reference':
      return names?.get(String(value)) ?? String(value);
    case 'references':
      return (value as string[])
        .map((id) => names?.get(id) ?? id)
        .join(language === 'ar' || language === 'ku' ? '، ' : ', ');
    default:
      return String(value);
  }
}

/**
 * The screens of a feature app's entities, keyed by route path as its manifest lists them (a jest test keeps
 * the two equal): the list, and the new and edit pages where the spec has them.
 */
export function masterDataScreens(
  entities: readonly EntityDef[],
  /** The spec's data-migration calls by entity name ({ items: '/api/data-migration/Items' }). */
  options: { dataMigration?: Readonly<Record<string, string>> } = {},
): Record<string, ComponentType<{ location: FeatureLocation }>> {
  const screens: Record<string, ComponentType<{ location: FeatureLocation }>> = {};
  for (const entity of entities) {
    for (const route of masterDataRoutes(entity)) {
      const mode: Mode =
        route.path === entity.route ? 'list' : route.path === newRouteOf(entity) ? 'new' : 'edit';
      const Screen = ({ location }: { location: FeatureLocation }) => (
        <MasterDataScreen
          entity={entity}
          mode={mode}
          location={location}
          migrationPath={options.dataMigration?.[entity.name]}
        />
      );
      Screen.displayName = `MasterData(${entity.name}:${mode})`;
      screens[route.path] = Screen;
    }
  }
  return screens;
}
