import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import {
  ATTACHMENT_MAX_BYTES,
  formatDecimal,
  items as itemsEntity,
  type Attachment,
  type DocumentDef,
  type DocumentRecord,
  type FieldDef,
  type PermissionName,
} from '@erp/contracts';
import { label, type Language } from '@erp/i18n';
import type { FeatureContext, FeatureLocation } from '../contract';
import { useFeature } from '../feature';
import { LinesGrid, withStored } from '../lines/LinesGrid';
import {
  fieldErrorsOf,
  nameOf,
  withoutErrorsOf,
  type FieldErrors,
  type FormValues,
} from '../master-data/form-model';
import { KitStyles } from '../master-data/MasterDataScreen';
import { ListSearch, useRowsNamedBy, useServerList } from '../master-data/server-list';
import { useLoadedRecord } from '../master-data/use-loaded-record';
import { useReferenceOptions, type ReferenceOption } from '../master-data/references';
import {
  defaultDate,
  documentPayload,
  documentTotals,
  documentValuesFromRecord,
  emptyDocument,
  keepStoredValues,
  lineValue,
  linesOf,
  readOnlyReason,
  validateDocument,
} from './document-model';
import { useCountSheet } from './count-sheet';
import { useItemLineCells, type ItemLineHooks } from './item-lines';
import { defaultUnitCost, type CatalogItem } from './items';
import { documentEditRoute, documentNewRoute, documentRoutesOf } from './manifest-parts';

type Mode = 'list' | 'new' | 'edit';

/** A page the saved document leads to (a manufacturing order's exchange order), shown with its permission. */
export interface DocumentLink {
  /** An i18n key with its namespace ('mfe_inventory:exchange.open'). */
  labelKey: string;
  icon: string;
  permission: PermissionName;
  to: (id: string) => string;
}

/** The choices the document's reference fields need (stores, units): everything but the items (picked). */
function useDocumentReferences(doc: DocumentDef, context: FeatureContext) {
  const fields = useMemo(
    () => ({ fields: [...doc.header, ...doc.lines.filter((f) => f.reference !== itemsEntity.name)] }),
    [doc],
  );
  return useReferenceOptions(fields, context);
}

const namesOf = (options: readonly ReferenceOption[] | undefined) =>
  new Map((options ?? []).map((o) => [o.value, o.label]));

/**
 * The one document screen of every feature app (issue 4, item 1), driven by a `DocumentDef`: the list (server
 * paging, search after a one-second pause, date range, status and store filters) and the new and edit/{id}
 * pages (header, keyboard-first lines grid, values and totals, notes and reference number, attachments, print,
 * close for closable documents). A closed or referenced document, or any on the master branch, is read-only.
 */
export function DocumentScreen({
  doc,
  mode,
  location,
  links = [],
}: {
  doc: DocumentDef;
  mode: Mode;
  location: FeatureLocation;
  links?: readonly DocumentLink[];
}) {
  return (
    <>
      <KitStyles />
      {mode === 'list' ? (
        <DocumentList doc={doc} />
      ) : (
        <DocumentPage
          key={location.params.id ?? 'new'}
          doc={doc}
          id={mode === 'edit' ? location.params.id : undefined}
          links={links}
        />
      )}
    </>
  );
}

/** A list row: the record without its lines and attachments. */
type ListRow = Record<string, unknown> & {
  id: string;
  code: string;
  date: string;
  status: DocumentRecord['status'];
  referenced: boolean;
  totalQuantity: string;
  totalValue: string;
};

function DocumentList({ doc }: { doc: DocumentDef }) {
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
      <header className="erp-md__header">
        <h1 className="erp-md__title">{docName}</h1>
        <span className="erp-md__total" data-testid="doc-total">
          {t('md.total', { count: list.total })}
        </span>
      </header>
      {readOnlyBranch ? <Message severity="info" text={t('md.readOnly')} className="erp-md__notice" /> : null}
      <div className="erp-md__card">
        <div className="erp-md__toolbar">
          <ListSearch
            value={list.search}
            onChange={list.setSearch}
            label={t('doc.search')}
            testId="doc-search"
          />
          <div className="erp-doc__filters">
            <label className="erp-doc__filter">
              <span className="erp-md-field__label">{t('doc.dateFrom')}</span>{' '}
              <InputText
                type="date"
                dir="ltr"
                value={dateFrom}
                data-testid="doc-date-from"
                onChange={(e) => setDateFrom(e.target.value)}
              />
            </label>
            <label className="erp-doc__filter">
              <span className="erp-md-field__label">{t('doc.dateTo')}</span>{' '}
              <InputText
                type="date"
                dir="ltr"
                value={dateTo}
                data-testid="doc-date-to"
                onChange={(e) => setDateTo(e.target.value)}
              />
            </label>
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
              options={['open', 'closed'].map((s) => ({ value: s, label: label(language, `options.${s}`) }))}
              placeholder={t('doc.allStatuses')}
              aria-label={label(language, 'fields.status')}
              showClear
              data-testid="doc-filter-status"
              onChange={(e) => setStatus((e.value as string | null) ?? null)}
            />
          </div>
          <div className="erp-md__toolbar-end">
            {canAdd ? (
              <Button
                type="button"
                icon="pi pi-plus"
                label={t('md.new')}
                disabled={readOnlyBranch}
                data-testid="doc-new"
                onClick={() => context.navigate(documentNewRoute(doc))}
              />
            ) : null}
          </div>
        </div>
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
            body={(r: ListRow) =>
              canEdit ? (
                <div className="erp-md__row-actions">
                  <Button
                    type="button"
                    icon={locked(r) ? 'pi pi-eye' : 'pi pi-pencil'}
                    rounded
                    text
                    aria-label={t(locked(r) ? 'md.view' : 'md.edit')}
                    title={t(locked(r) ? 'md.view' : 'md.edit')}
                    data-testid="doc-open"
                    onClick={() => open(r)}
                  />
                  {!locked(r) ? (
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={t('md.delete')}
                      title={t('md.delete')}
                      data-testid="doc-delete"
                      onClick={() => setToDelete(r)}
                    />
                  ) : null}
                </div>
              ) : (
                <Button
                  type="button"
                  icon="pi pi-eye"
                  rounded
                  text
                  aria-label={t('md.view')}
                  title={t('md.view')}
                  data-testid="doc-view"
                  onClick={() => setViewing(r.id)}
                />
              )
            }
          />
          <Column field="code" header={label(language, 'fields.code')} bodyClassName="erp-md__num" />
          <Column field="date" header={label(language, 'fields.date')} bodyClassName="erp-md__num" />
          {doc.storeFields.map((f) => (
            <Column
              key={f}
              field={f}
              header={label(language, `fields.${f}`)}
              body={(r: ListRow) => storeNames[f]?.get(String(r[f] ?? '')) ?? String(r[f] ?? '')}
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

function StatusTags({
  record,
  language,
}: {
  record: Pick<DocumentRecord, 'status' | 'referenced'>;
  language: Language;
}) {
  const { t } = useTranslation('ui');
  return (
    <span className="erp-doc__status">
      <Tag
        value={label(language, `options.${record.status}`)}
        severity={record.status === 'closed' ? 'secondary' : 'success'}
        data-testid="doc-status"
      />
      {record.referenced ? <Tag value={t('doc.referenced')} severity="warning" /> : null}
    </span>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function DocumentPage({
  doc,
  id,
  links,
  onBack,
}: {
  doc: DocumentDef;
  id: string | undefined;
  links: readonly DocumentLink[];
  /** Where the back button goes when the page is shown in the list's view dialog. */
  onBack?: () => void;
}) {
  const context = useFeature();
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const references = useDocumentReferences(doc, context);
  const [record, setRecord] = useState<DocumentRecord | null>(null);
  const [values, setValues] = useState<FormValues>(() =>
    emptyDocument(doc, defaultDate(today(), context.fiscalYear)),
  );
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const editing = id !== undefined;
  const docName = label(language, `documents.${doc.name}`);
  const digits = context.decimals;

  const { loading, missing } = useLoadedRecord<DocumentRecord>(api, doc.apiPath, id, (r) => {
    setRecord(r);
    setValues(documentValuesFromRecord(doc, r));
  });

  const lines = linesOf(values);
  const reason = readOnlyReason(record);
  const readOnlyBranch = context.branch?.isMaster === true;
  const canSave = context.can(editing ? doc.permissions.edit : doc.permissions.add);
  const readOnly = reason !== null || readOnlyBranch || !canSave;
  const disabled = readOnly || loading || saving;

  const clientErrors = useMemo(
    () => validateDocument(doc, values, language, context.fiscalYear),
    [doc, values, language, context.fiscalYear],
  );
  const errors = { ...clientErrors, ...serverErrors };
  const unitNames = useMemo(() => namesOf(references.unitId), [references]);
  // a receipt's line starts at the item's cost price in its unit (the service else takes the store's cost)
  const costHooks = useMemo<ItemLineHooks>(() => {
    const priceField = doc.priceField;
    if (!priceField) return {};
    return {
      onItem: (line, item, unitId) =>
        String(line[priceField] ?? '').trim() ? {} : { [priceField]: defaultUnitCost(item, unitId, digits) },
      onUnit: (_line, item, unitId) => ({ [priceField]: defaultUnitCost(item, unitId, digits) }),
    };
  }, [doc, digits]);
  const { items, renderCell, remember } = useItemLineCells(lines, unitNames, costHooks);

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => withoutErrorsOf(e, name));
  };

  const back = onBack ?? (() => context.navigate(doc.route));

  async function save() {
    if (Object.keys(clientErrors).length > 0 || saving) return;
    setSaving(true);
    const body = documentPayload(doc, values);
    try {
      if (editing) await api.put<DocumentRecord>(doc.apiPath, body, id, { quiet: true });
      else await api.post<DocumentRecord>(doc.apiPath, body, { quiet: true });
      context.notify('success', t('doc.saved'));
      back();
    } catch (error) {
      if (isApiError(error)) {
        setServerErrors(
          fieldErrorsOf(error.errors, [{ name: 'lines', kind: 'lines', lineFields: doc.lines }], values),
        );
        if (error.status !== 400 || !error.errors.length)
          context.notify('error', t('md.errorTitle'), error.detail || error.message);
      } else context.notify('error', t('md.errorTitle'), String(error));
    } finally {
      setSaving(false);
    }
  }

  async function close() {
    if (!id) return;
    try {
      const closed = await api.post<DocumentRecord>(
        `${doc.apiPath}/${encodeURIComponent(id)}/close`,
        undefined,
        {
          quiet: true,
        },
      );
      setRecord(closed);
      setValues(documentValuesFromRecord(doc, closed));
      context.notify('success', t('doc.closedDone'));
    } catch (error) {
      context.notify('error', t('md.errorTitle'), (error as { detail?: string }).detail || String(error));
    }
  }

  // Spec section 5: Enter does not submit (the grid moves on with it instead)
  const noEnterSubmit = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target.tagName !== 'TEXTAREA' && target.tagName !== 'BUTTON') e.preventDefault();
  };

  const count = useCountSheet(doc, values, lines, items, digits);
  const fillCountSheet = () => {
    const filled = count.fill();
    if (!filled) return;
    remember(filled.items);
    set('lines', filled.lines);
  };

  const totals = documentTotals(doc, lines, digits);
  const title = t(readOnly && editing ? 'doc.viewTitle' : editing ? 'doc.editTitle' : 'doc.newTitle', {
    document: docName,
    code: record?.code ?? '',
  });
  const headerFields: FieldDef[] = [...doc.header];

  return (
    <section className="erp-md erp-md--page" data-testid="doc-page" data-document={doc.name}>
      <header className="erp-md__header">
        <h1 className="erp-md__title">{title}</h1>
        {record ? <StatusTags record={record} language={language} /> : null}
      </header>
      {missing ? <Message severity="warn" text={t('md.notFound')} /> : null}
      {reason ? (
        <Message
          severity="info"
          text={t(reason === 'closed' ? 'doc.readOnlyClosed' : 'doc.readOnlyReferenced')}
          className="erp-md__notice"
          data-testid="doc-read-only"
        />
      ) : readOnlyBranch ? (
        <Message severity="info" text={t('md.readOnly')} className="erp-md__notice" />
      ) : null}
      <div className="erp-md__card">
        <form
          className="erp-doc__form"
          noValidate
          onSubmit={(e) => e.preventDefault()}
          onKeyDown={noEnterSubmit}
          data-testid="doc-form"
          aria-busy={loading}
        >
          <div className="erp-md-form">
            <div className="erp-md-field" data-field="code">
              <label htmlFor="doc-code" className="erp-md-field__label">
                {label(language, 'fields.code')}
              </label>
              <InputText
                id="doc-code"
                dir="ltr"
                value={record?.code ?? ''}
                placeholder={t('md.codeAutomatic')}
                disabled
              />
            </div>
            <HeaderField name="date" language={language} error={errors.date} required>
              <InputText
                id="doc-date"
                type="date"
                dir="ltr"
                value={String(values.date ?? '')}
                min={context.fiscalYear?.year !== null ? context.fiscalYear?.startDate : undefined}
                max={context.fiscalYear?.year !== null ? context.fiscalYear?.endDate : undefined}
                disabled={disabled}
                invalid={Boolean(errors.date)}
                onChange={(e) => set('date', e.target.value)}
              />
            </HeaderField>
            {headerFields.map((f) => (
              <HeaderField
                key={f.name}
                name={f.name}
                language={language}
                error={errors[f.name]}
                required={f.required}
              >
                <Dropdown
                  inputId={`doc-${f.name}`}
                  value={values[f.name] ?? null}
                  options={withStored(references[f.name] ?? [], values[f.name])}
                  filter
                  showClear={!f.required}
                  placeholder={t('lines.choose')}
                  disabled={disabled}
                  invalid={Boolean(errors[f.name])}
                  onChange={(e) => set(f.name, e.value ?? null)}
                />
              </HeaderField>
            ))}
            <HeaderField name="referenceNumber" language={language} error={errors.referenceNumber}>
              <InputText
                id="doc-referenceNumber"
                value={String(values.referenceNumber ?? '')}
                maxLength={40}
                disabled={disabled}
                onChange={(e) => set('referenceNumber', e.target.value)}
              />
            </HeaderField>
          </div>
          <div>
            <div className="erp-doc__lines-head">
              <h2 className="erp-doc__section-title">{t('doc.lines')}</h2>
              {count.enabled && !disabled ? (
                <Button
                  type="button"
                  label={t('doc.fillCountSheet')}
                  icon="pi pi-list-check"
                  outlined
                  size="small"
                  disabled={!count.ready}
                  data-testid="doc-fill-count"
                  onClick={fillCountSheet}
                />
              ) : null}
            </div>
            <LinesGrid
              name="lines"
              idPrefix="doc"
              fields={doc.lines}
              lines={lines}
              onChange={(next) => set('lines', keepStoredValues(lines, next))}
              errors={errors}
              disabled={disabled}
              language={language}
              decimals={digits}
              options={{}}
              maxLines={1000}
              renderCell={renderCell}
              extraColumns={[
                ...count.columns,
                {
                  key: 'value',
                  header: label(language, 'fields.value'),
                  numeric: true,
                  body: (line) => lineValue(doc, line, digits) ?? '—',
                },
              ]}
              footer={
                <tr data-testid="doc-totals">
                  <td colSpan={doc.lines.length + 1 + count.columns.length}>{t('doc.totals')}</td>
                  <td className="erp-md__num" data-testid="doc-total-value">
                    {totals.value}
                  </td>
                  <td />
                </tr>
              }
            />
            <div className="erp-doc__totals">
              <span data-testid="doc-total-quantity">
                {label(language, 'fields.totalQuantity')}: {totals.quantity}
              </span>
              <span>
                {label(language, 'fields.totalValue')}: {totals.value}
              </span>
            </div>
          </div>
          <HeaderField name="notes" language={language} error={errors.notes} wide>
            <InputTextarea
              id="doc-notes"
              value={String(values.notes ?? '')}
              rows={2}
              autoResize
              maxLength={1000}
              disabled={disabled}
              onChange={(e) => set('notes', e.target.value)}
            />
          </HeaderField>
        </form>
        {record ? (
          <Attachments
            doc={doc}
            record={record}
            canChange={!readOnly}
            onChange={(attachments) => setRecord((r) => (r ? { ...r, attachments } : r))}
          />
        ) : (
          <p className="erp-md-form__hint">{t('doc.attachAfterSave')}</p>
        )}
        <div className="erp-md__actions">
          <Button
            type="button"
            label={t('md.back')}
            icon="pi pi-arrow-right"
            outlined
            onClick={back}
            data-testid="doc-back"
          />
          <Button
            type="button"
            label={t('doc.print')}
            icon="pi pi-print"
            outlined
            disabled={loading || missing}
            data-testid="doc-print"
            onClick={() => window.print()}
          />
          {record
            ? links
                .filter((l) => context.can(l.permission))
                .map((l) => (
                  <Button
                    key={l.labelKey}
                    type="button"
                    label={t(l.labelKey)}
                    icon={l.icon}
                    outlined
                    data-testid={`doc-link-${l.labelKey.split(/[:.]/).pop()}`}
                    onClick={() => context.navigate(l.to(record.id))}
                  />
                ))
            : null}
          {doc.closable &&
          record &&
          reason === null &&
          !readOnlyBranch &&
          context.can(doc.permissions.edit) ? (
            <Button
              type="button"
              label={t('doc.close')}
              icon="pi pi-lock"
              severity="warning"
              outlined
              data-testid="doc-close"
              onClick={() => setConfirmClose(true)}
            />
          ) : null}
          {!readOnly ? (
            <Button
              type="button"
              label={t('md.save')}
              icon="pi pi-check"
              loading={saving}
              disabled={loading || missing || Object.keys(clientErrors).length > 0}
              data-testid="doc-save"
              onClick={() => void save()}
            />
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        visible={confirmClose}
        onHide={() => setConfirmClose(false)}
        header={t('doc.confirmCloseTitle')}
        message={t('doc.confirmClose', { document: docName, code: record?.code ?? '' })}
        icon="pi pi-lock"
        acceptLabel={t('doc.close')}
        rejectLabel={t('md.cancel')}
        accept={() => void close()}
        className="erp-md-dialog"
      />
      {!loading && !missing
        ? createPortal(
            <PrintView
              doc={doc}
              docName={docName}
              record={record}
              values={values}
              items={items}
              references={references}
              unitNames={unitNames}
              totals={totals}
              language={language}
              digits={digits}
            />,
            document.body,
          )
        : null}
    </section>
  );
}

function HeaderField({
  name,
  language,
  error,
  required,
  wide,
  children,
}: {
  name: string;
  language: Language;
  error: string | undefined;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`erp-md-field${wide ? ' erp-md-field--wide' : ''}`} data-field={name}>
      <label htmlFor={`doc-${name}`} className="erp-md-field__label">
        {label(language, `fields.${name}`)}
        {required ? <span className="erp-md-field__required"> *</span> : null}
      </label>
      {children}
      {error ? (
        <small className="p-error erp-md-field__error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A saved document's files (spec section 5: up to 5 MB each): list, upload, download, remove. */
function Attachments({
  doc,
  record,
  canChange,
  onChange,
}: {
  doc: DocumentDef;
  record: DocumentRecord;
  canChange: boolean;
  onChange: (attachments: Attachment[]) => void;
}) {
  const { api, notify } = useFeature();
  const { t } = useTranslation('ui');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [toRemove, setToRemove] = useState<Attachment | null>(null);
  const attachments = (record.attachments as Attachment[] | undefined) ?? [];
  const base = `${doc.apiPath}/${encodeURIComponent(record.id)}/attachments`;

  async function upload(file: File) {
    if (file.size > ATTACHMENT_MAX_BYTES) {
      notify('error', t('md.errorTitle'), t('doc.fileTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const base64 = await readBase64(file);
      const added = await api.post<Attachment>(base, {
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        base64,
      });
      onChange([...attachments, added]);
      notify('success', t('doc.attached'));
    } catch {
      // the shell's alert showed the translated detail
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function download(a: Attachment) {
    try {
      const blob = await api.get<Blob>(`${base}/${encodeURIComponent(a.id)}`, undefined, {
        responseType: 'blob',
      });
      saveBlob(blob, a.fileName);
    } catch {
      // the shell's alert showed the translated detail
    }
  }

  async function remove(a: Attachment) {
    try {
      await api.del(base, a.id);
      onChange(attachments.filter((x) => x.id !== a.id));
    } catch {
      // the shell's alert showed the translated detail
    }
  }

  return (
    <div className="erp-doc__attachments" data-testid="doc-attachments">
      <h2 className="erp-doc__section-title">{t('doc.attachments')}</h2>
      {attachments.length === 0 ? <p className="erp-md-form__hint">{t('doc.noAttachments')}</p> : null}
      <ul>
        {attachments.map((a) => (
          <li key={a.id} data-testid="doc-attachment">
            <i className="pi pi-paperclip" aria-hidden="true" />
            <Button
              type="button"
              link
              label={a.fileName}
              onClick={() => void download(a)}
              title={t('doc.download')}
            />
            <span className="erp-doc__file-size">{formatSize(a.size)}</span>
            {canChange ? (
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                text
                severity="danger"
                aria-label={t('doc.removeAttachment', { name: a.fileName })}
                title={t('doc.removeAttachment', { name: a.fileName })}
                onClick={() => setToRemove(a)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {canChange ? (
        <div>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="doc-attach-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('doc.attach')}
            outlined
            size="small"
            loading={uploading}
            data-testid="doc-attach"
            onClick={() => input.current?.click()}
          />
          <small className="erp-md-form__hint"> {t('doc.attachHint')}</small>
        </div>
      ) : null}
      <ConfirmDialog
        visible={toRemove !== null}
        onHide={() => setToRemove(null)}
        header={t('doc.removeAttachmentTitle')}
        message={t('doc.removeAttachment', { name: toRemove?.fileName ?? '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('md.delete')}
        rejectLabel={t('md.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (toRemove) void remove(toRemove);
        }}
        className="erp-md-dialog"
      />
    </div>
  );
}

/** Saves a downloaded file under its name (the object URL is revoked once the browser took it). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The document as it prints: only this shows on paper (the print CSS hides the rest of the page). */
function PrintView({
  doc,
  docName,
  record,
  values,
  items,
  references,
  unitNames,
  totals,
  language,
  digits,
}: {
  doc: DocumentDef;
  docName: string;
  record: DocumentRecord | null;
  values: FormValues;
  items: Record<string, CatalogItem>;
  references: Record<string, readonly ReferenceOption[]>;
  unitNames: ReadonlyMap<string, string>;
  totals: { quantity: string; value: string };
  language: Language;
  digits: number;
}) {
  const context = useFeature();
  const lines = linesOf(values).filter((l) => l.itemId);
  const dir = context.dir;
  return (
    <div className="erp-print" dir={dir} lang={language} data-testid="doc-print-view">
      <h1>
        {docName} {record?.code ?? ''}
      </h1>
      <dl>
        <dt>{label(language, 'fields.date')}</dt>
        <dd>{String(values.date ?? '')}</dd>
        {doc.header.map((f) => (
          <PrintPair
            key={f.name}
            name={f.name}
            language={language}
            value={namesOf(references[f.name]).get(String(values[f.name] ?? '')) ?? ''}
          />
        ))}
        <PrintPair name="referenceNumber" language={language} value={String(values.referenceNumber ?? '')} />
        {record ? (
          <PrintPair name="status" language={language} value={label(language, `options.${record.status}`)} />
        ) : null}
        {context.branch ? (
          <PrintPair name="branchId" language={language} value={nameOf(context.branch, language)} />
        ) : null}
      </dl>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{label(language, 'fields.code')}</th>
            <th>{label(language, 'fields.itemId')}</th>
            {doc.lines
              .filter((f) => f.name !== 'itemId')
              .map((f) => (
                <th key={f.name}>{label(language, `fields.${f.name}`)}</th>
              ))}
            <th>{label(language, 'fields.value')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const item = items[String(line.itemId)];
            return (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{item?.code ?? ''}</td>
                <td>{item ? nameOf(item, language) : String(line.itemId)}</td>
                {doc.lines
                  .filter((f) => f.name !== 'itemId')
                  .map((f) => (
                    <td key={f.name}>
                      {f.name === 'unitId'
                        ? (unitNames.get(String(line.unitId ?? '')) ?? '')
                        : String(line[f.name] ?? '')}
                    </td>
                  ))}
                <td>{lineValue(doc, line, digits) ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={doc.lines.length + 2}>{label(language, 'fields.totalValue')}</td>
            <td>{totals.value}</td>
          </tr>
        </tfoot>
      </table>
      {values.notes ? (
        <p>
          <strong>{label(language, 'fields.notes')}: </strong>
          {String(values.notes)}
        </p>
      ) : null}
    </div>
  );
}

function PrintPair({ name, language, value }: { name: string; language: Language; value: string }) {
  return (
    <>
      <dt>{label(language, `fields.${name}`)}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * The screens of a feature app's documents, keyed by route path as its manifest lists them (a jest test keeps
 * the two equal): the list, the new page and the edit page of each.
 */
export function documentScreens(
  docs: readonly DocumentDef[],
  options: { links?: Readonly<Record<string, readonly DocumentLink[]>> } = {},
): Record<string, ComponentType<{ location: FeatureLocation }>> {
  const screens: Record<string, ComponentType<{ location: FeatureLocation }>> = {};
  for (const doc of docs) {
    for (const route of documentRoutesOf(doc)) {
      const mode: Mode =
        route.path === doc.route ? 'list' : route.path === documentNewRoute(doc) ? 'new' : 'edit';
      const Screen = ({ location }: { location: FeatureLocation }) => (
        <DocumentScreen doc={doc} mode={mode} location={location} links={options.links?.[doc.name]} />
      );
      Screen.displayName = `Document(${doc.name}:${mode})`;
      screens[route.path] = Screen;
    }
  }
  return screens;
}
