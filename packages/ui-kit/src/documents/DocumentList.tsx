import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, type DocumentDef, type DocumentRecord, type ReferenceNames } from '@erp/contracts';
import { fieldLabel, label } from '@erp/i18n';
import { useFeature } from '../feature';
import { useRowsNamedBy, useServerList } from '../master-data/server-list';
import { ListHeader, ListToolbar } from '../master-data/ListToolbar';
import { DateFilter } from '../fields/DateFilter';
import { readOnlyReason } from './document-model';
import { documentEditRoute, documentNewRoute } from './manifest-parts';
import { namesOf, recordNames, useDocumentReferences } from './document-references';
import { DocumentPage } from './DocumentPage';
import { StatusTags } from './StatusTags';
import { RowActions } from '../RowActions';

/** A list row: the record without its lines and attachments. */
type ListRow = Record<string, unknown> & {
  id: string;
  code: string;
  date: string;
  status: DocumentRecord['status'];
  referenced: boolean;
  totalQuantity: string;
  totalValue: string;
  names?: ReferenceNames;
};

export function DocumentList({ doc }: { doc: DocumentDef }) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const references = useDocumentReferences(doc, context);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const list = useServerList<ListRow>({
    api,
    path: doc.apiPath,
    language,
    filters: { dateFrom, dateTo, status, storeId },
    emptyTestId: 'doc-empty',
  });
  const [toDelete, setToDelete] = useState<ListRow | null>(null);
  // a user who may view but not edit opens a document here, read-only: its edit/{id} page needs the edit permission
  const [viewing, setViewing] = useState<string | null>(null);
  const docName = label(language, `documents.${doc.name}`);
  const canAdd = context.can(doc.permissions.add);
  const canEdit = context.can(doc.permissions.edit);
  const readOnlyBranch = context.branch?.isMaster === true;
  const storeField = doc.storeFields[0];

  async function remove(row: ListRow) {
    try {
      await api.del(doc.apiPath, row.id, { quiet: true });
      context.notify('success', t('doc.deleted'));
      list.reload();
    } catch (error) {
      context.notify('error', t('md.errorTitle'), (error as { detail?: string }).detail || String(error));
    }
  }

  const storeNames = useMemo(
    () => Object.fromEntries(doc.storeFields.map((f) => [f, namesOf(references[f])])),
    [doc, references],
  );
  const shownRows = useRowsNamedBy(list.items, storeNames);
  const digits = context.decimals;
  const open = (r: ListRow) =>
    context.navigate(documentEditRoute(doc).replace(':id', encodeURIComponent(r.id)));
  const locked = (r: ListRow) => readOnlyBranch || readOnlyReason(r) !== null;

  return (
    <section className="erp-md" data-testid="doc-list" data-document={doc.name}>
      <ListHeader title={docName} total={list.total} testId="doc-total" />
      {readOnlyBranch ? <Message severity="info" text={t('md.readOnly')} className="erp-md__notice" /> : null}
      <div className="erp-md__card">
        <ListToolbar
          list={list}
          searchLabel={t('doc.search')}
          testIds="doc"
          filters={
            <>
              <DateFilter
                id="doc-date-from"
                value={dateFrom}
                onChange={setDateFrom}
                caption={t('doc.dateFrom')}
                language={language}
                showHijri={context.showHijri}
                testId="doc-date-from"
              />
              <DateFilter
                id="doc-date-to"
                value={dateTo}
                onChange={setDateTo}
                caption={t('doc.dateTo')}
                language={language}
                showHijri={context.showHijri}
                testId="doc-date-to"
              />
              {storeField ? (
                <Dropdown
                  value={storeId}
                  options={[...(references[storeField] ?? [])]}
                  placeholder={t('doc.allStores')}
                  aria-label={label(language, 'fields.storeId')}
                  showClear
                  filter
                  data-testid="doc-filter-store"
                  onChange={(e) => setStoreId((e.value as string | null) ?? null)}
                />
              ) : null}
              <Dropdown
                value={status}
                options={['open', 'closed'].map((s) => ({
                  value: s,
                  label: label(language, `options.${s}`),
                }))}
                placeholder={t('doc.allStatuses')}
                aria-label={label(language, 'fields.status')}
                showClear
                data-testid="doc-filter-status"
                onChange={(e) => setStatus((e.value as string | null) ?? null)}
              />
            </>
          }
          onNew={canAdd ? () => context.navigate(documentNewRoute(doc)) : undefined}
          newDisabled={readOnlyBranch}
        />
        <DataTable
          {...list.table}
          value={shownRows}
          dataKey="id"
          stripedRows
          size="small"
          scrollable
          className="erp-md__table"
          data-testid="doc-table"
        >
          <Column
            header={t('md.actions')}
            className="erp-md__actions-col"
            body={(r: ListRow) => (
              <RowActions
                actions={
                  canEdit
                    ? [
                        { kind: locked(r) ? 'view' : 'edit', testId: 'doc-open', onClick: () => open(r) },
                        !locked(r) && { kind: 'delete', testId: 'doc-delete', onClick: () => setToDelete(r) },
                      ]
                    : [{ kind: 'view', testId: 'doc-view', onClick: () => setViewing(r.id) }]
                }
              />
            )}
          />
          <Column field="code" header={label(language, 'fields.code')} bodyClassName="erp-md__num" />
          <Column field="date" header={label(language, 'fields.date')} bodyClassName="erp-md__num" />
          {doc.storeFields.map((f) => (
            <Column
              key={f}
              field={f}
              header={fieldLabel(language, f, doc.name)}
              body={(r: ListRow) => {
                const id = String(r[f] ?? '');
                // the row's own names first: the user may read the document but not the stores
                return recordNames(r.names, language).get(id) ?? storeNames[f]?.get(id) ?? id;
              }}
            />
          ))}
          <Column
            field="status"
            header={label(language, 'fields.status')}
            body={(r: ListRow) => <StatusTags record={r} language={language} />}
          />
          <Column field="referenceNumber" header={label(language, 'fields.referenceNumber')} />
          <Column
            field="totalQuantity"
            header={label(language, 'fields.totalQuantity')}
            bodyClassName="erp-md__num"
          />
          <Column
            field="totalValue"
            header={label(language, 'fields.totalValue')}
            bodyClassName="erp-md__num"
            body={(r: ListRow) => formatDecimal(r.totalValue || '0', digits)}
          />
        </DataTable>
      </div>
      <Dialog
        visible={viewing !== null}
        onHide={() => setViewing(null)}
        header={docName}
        className="erp-md-dialog erp-doc-view"
        style={{ width: 'min(72rem, 96vw)' }}
        data-testid="doc-view-dialog"
      >
        {viewing !== null ? (
          <DocumentPage doc={doc} id={viewing} links={[]} onBack={() => setViewing(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        visible={toDelete !== null}
        onHide={() => setToDelete(null)}
        header={t('doc.confirmDeleteTitle')}
        message={t('doc.confirmDelete', { document: docName, code: toDelete?.code ?? '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('md.delete')}
        rejectLabel={t('md.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (toDelete) void remove(toDelete);
        }}
        className="erp-md-dialog"
      />
    </section>
  );
}
