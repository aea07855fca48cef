import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  documentScreenPath,
  editScreenFor,
  formatDecimal,
  pageSizesOf,
  statusesOf,
  type DocumentDef,
  type DocumentRecord,
  type ReferenceNames,
} from '@erp/contracts';
import { fieldLabel, label, type Language } from '@erp/i18n';
import { useFeature } from '../feature';
import { useRowsNamedBy, useServerList } from '../master-data/server-list';
import { ListHeader, ListToolbar } from '../master-data/ListToolbar';
import { DateFilter } from '../fields/DateFilter';
import { readOnlyReason, unitCountsText } from './document-model';
import { documentNewRoute } from './manifest-parts';
import { namesOf, recordNames, useDocumentReferences } from './document-references';
import { StatusTags } from './StatusTags';
import { RowActions } from '../RowActions';
import { DeleteConfirm } from '../DeleteConfirm';
import { DialogLater } from '../on-demand';
// a document viewed from the list opens its page in a dialog: the page's code (the lines grid, pickers and
// calendar) comes with the first one viewed, not with the list (issue 12: a screen fetches what it uses)
import { DocumentPage } from './DocumentScreen';

/** A list row: the record without its lines and attachments. */
type ListRow = Record<string, unknown> & {
  id: string;
  code: string;
  date: string;
  status: DocumentRecord['status'];
  referenced: boolean;
  totalQuantity: string;
  totalValue: string;
  /** A money document's kept totals (its total with VAT). */
  money?: { taxInclusive: string };
  /** Per main unit of the lines' items, named in `names` (the service's list gives them when it keeps units). */
  quantityTotals?: { unitId: string; quantity: string }[];
  names?: ReferenceNames;
};

/**
 * The quantity column (issue 12 item 5): '130 Piece + 2.5 Kilogram', never a sum across units; the plain
 * figure only for a service that keeps no units.
 */
function quantityText(r: ListRow, language: Language): string {
  if (!r.quantityTotals) return r.totalQuantity;
  return unitCountsText(r.quantityTotals, recordNames(r.names, language)) || '0';
}

export function DocumentList({
  doc,
  status: boundStatus,
}: {
  doc: DocumentDef;
  /** A list bound to one status (closedVoucher: the posted vouchers): no status filter then. */
  status?: string | undefined;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const references = useDocumentReferences(doc, context);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [chosenStatus, setStatus] = useState<string | null>(null);
  const status = boundStatus ?? chosenStatus;
  const { locked: lockedStatuses, values: statusValues } = statusesOf(doc);
  const [storeId, setStoreId] = useState<string | null>(null);
  const list = useServerList<ListRow>({
    api,
    path: doc.apiPath,
    language,
    filters: { dateFrom, dateTo, status, storeId },
    pageSizes: pageSizesOf(doc),
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
  // a document opens on the page of its status (a posted voucher on closedVoucherEdit/{id})
  const open = (r: ListRow) =>
    context.navigate(documentScreenPath(doc, editScreenFor(doc, r.status).name, r.id));
  const locked = (r: ListRow) => readOnlyBranch || readOnlyReason(r, lockedStatuses) !== null;

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
              {boundStatus ? null : (
                <Dropdown
                  value={status}
                  options={statusValues.map((s) => ({
                    value: s,
                    label: label(language, `options.${s}`),
                  }))}
                  placeholder={t('doc.allStatuses')}
                  aria-label={label(language, 'fields.status')}
                  showClear
                  data-testid="doc-filter-status"
                  onChange={(e) => setStatus((e.value as string | null) ?? null)}
                />
              )}
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
          {/* the other header fields the type lists (a sale's customer and payment type): names, not ids */}
          {doc.header
            .filter((f) => f.list && !doc.storeFields.includes(f.name))
            .map((f) => (
              <Column
                key={f.name}
                field={f.name}
                header={fieldLabel(language, f.name, doc.name)}
                body={(r: ListRow) => {
                  const value = r[f.name];
                  if (value === null || value === undefined || value === '') return '';
                  if (f.kind === 'enum') return label(language, `options.${String(value)}`);
                  return recordNames(r.names, language).get(String(value)) ?? String(value);
                }}
              />
            ))}
          <Column
            field="status"
            header={label(language, 'fields.status')}
            body={(r: ListRow) => <StatusTags record={r} language={language} locked={lockedStatuses} />}
          />
          <Column field="referenceNumber" header={label(language, 'fields.referenceNumber')} />
          {doc.quantityField ? (
            <Column
              field="totalQuantity"
              header={label(language, 'fields.totalQuantity')}
              bodyClassName="erp-md__num"
              body={(r: ListRow) => <bdi data-testid="doc-list-quantity">{quantityText(r, language)}</bdi>}
            />
          ) : null}
          {doc.money ? (
            // a money document's value is its total with VAT, in the currency's two decimals
            <Column
              field="money"
              header={label(language, 'fields.totalValue')}
              bodyClassName="erp-md__num"
              body={(r: ListRow) => (
                <bdi data-testid="doc-list-total">{formatDecimal(r.money?.taxInclusive ?? '0', 2)}</bdi>
              )}
            />
          ) : (
            <Column
              field="totalValue"
              header={label(language, 'fields.totalValue')}
              bodyClassName="erp-md__num"
              body={(r: ListRow) => formatDecimal(r.totalValue || '0', digits)}
            />
          )}
        </DataTable>
      </div>
      <DialogLater
        visible={viewing !== null}
        onFirstShow={DocumentPage.preload}
        onHide={() => setViewing(null)}
        header={docName}
        className="erp-md-dialog erp-doc-view"
        style={{ width: 'min(72rem, 96vw)' }}
        data-testid="doc-view-dialog"
      >
        {viewing !== null ? (
          <DocumentPage doc={doc} id={viewing} links={[]} onBack={() => setViewing(null)} />
        ) : null}
      </DialogLater>
      <DeleteConfirm
        record={toDelete}
        onHide={() => setToDelete(null)}
        header={t('doc.confirmDeleteTitle')}
        message={t('doc.confirmDelete', { document: docName, code: toDelete?.code ?? '' })}
        onDelete={(record) => void remove(record)}
      />
    </section>
  );
}
