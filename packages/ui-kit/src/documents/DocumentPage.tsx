import { Button } from 'primereact/button';
import { ConfirmLater } from '../on-demand';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@erp/api-client';
import { statusesOf, type DocumentDef, type DocumentRecord } from '@erp/contracts';
import { label, localToday } from '@erp/i18n';
import { useFeature } from '../feature';
import { fieldErrorsOf, withoutErrorsOf, type FieldErrors, type FormValues } from '../master-data/form-model';
import { useLoadedRecord } from '../master-data/use-loaded-record';
import {
  defaultDate,
  documentPayload,
  documentTotals,
  documentValuesFromRecord,
  emptyDocument,
  linesOf,
  readOnlyReason,
  unitCountsText,
  validateDocument,
  documentForCompany,
} from './document-model';
import { useCountSheet } from './count-sheet';
import { useItemLineCells, type ItemLineHooks } from './item-lines';
import { defaultSalesPrice, defaultUnitCost } from './items';
import { ConversionLinks, useConvertedStart } from './ConversionLinks';
import { mergedNames, namesOf, recordNames, useDocumentReferences } from './document-references';
import { StatusTags } from './StatusTags';
import { StatusChanges } from './StatusChanges';
import { DocumentHeader, DocumentNotes } from './DocumentHeader';
import { DocumentLines } from './DocumentLines';
import { DocumentPayments, MoneyTotals } from './MoneyParts';
import { documentGrids, moneyTotalsOf } from './money-model';
import { useShortcuts } from '../keyboard/shortcuts';
import { PrintView } from './DocumentPrint';
import { isCreditNote, isTaxDocument } from './tax-invoice/tax-document';
import type { DocumentLink } from './DocumentScreen';
import { loadable } from '../loadable';

// a job's progress (a close, a re-costing) and the attachments of a saved document come with the first page that
// shows them: a new document's form fetches neither (issue 12: a screen fetches what it uses)
const JobProgress = loadable(() => import('../jobs/JobProgress').then((m) => m.JobProgress));
const Attachments = loadable(() => import('./DocumentAttachments').then((m) => m.Attachments));
// the 80 mm receipt (issue 15) loads when asked for: it stays out of every document screen's first load
const ReceiptDialog = loadable(() => import('../receipt/ReceiptDialog').then((m) => m.ReceiptDialog));

export function DocumentPage({
  doc: declared,
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
  // the fields of other businesses (a car showroom's) are neither shown nor asked
  const businessKey = Object.keys(context.businessTypes)
    .filter((k) => context.businessTypes[k as keyof typeof context.businessTypes])
    .sort()
    .join(',');
  // (keyed by the flags held: a new context object must not make a new type, which would start the form again)
  const doc = useMemo(
    () => documentForCompany(declared, new Set(businessKey.split(','))),
    [declared, businessKey],
  );
  const { t } = useTranslation('ui');
  const { api, language } = context;
  const references = useDocumentReferences(doc, context);
  const [record, setRecord] = useState<DocumentRecord | null>(null);
  const [values, setValues] = useState<FormValues>(() =>
    startingValues(doc, emptyDocument(doc, defaultDate(localToday(), context.fiscalYear)), context.branch),
  );
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const [receipt, setReceipt] = useState(false);
  // a large document's close runs as a job: followed here, also after a reload (the document names it)
  const [closeJob, setCloseJob] = useState<string | null>(null);
  const editing = id !== undefined;
  const docName = label(language, `documents.${doc.name}`);
  const digits = context.decimals;

  const { loading, missing } = useLoadedRecord<DocumentRecord>(api, doc.apiPath, id, (r) => {
    setRecord(r);
    setValues(documentValuesFromRecord(doc, r));
    if (r.jobId) setCloseJob(r.jobId);
  });
  const closing = Boolean(record?.jobId);
  // a new invoice from a quotation or order, a return from an invoice (`?from=`): its remaining lines
  useConvertedStart(doc, editing, defaultDate(localToday(), context.fiscalYear), setValues);

  const lines = linesOf(values);
  const locked = statusesOf(doc).locked;
  const reason = readOnlyReason(record, locked);
  const readOnlyBranch = context.branch?.isMaster === true;
  const canSave = context.can(editing ? doc.permissions.edit : doc.permissions.add);
  const readOnly = reason !== null || readOnlyBranch || !canSave || closing;
  const disabled = readOnly || loading || saving;

  const clientErrors = useMemo(
    () => validateDocument(doc, values, language, context.fiscalYear),
    [doc, values, language, context.fiscalYear],
  );
  const errors = { ...clientErrors, ...serverErrors };
  // a money document's totals as the service will keep them, as the user types
  const moneyTotals = useMemo(() => moneyTotalsOf(doc, { ...values, lines: linesOf(values) }), [doc, values]);
  // the names the document brought: a reader without the right to read stores, items or units sees names
  const broughtNames = useMemo(
    () => recordNames(record?.names, language, new Set(record?.lines.map((l) => String(l.itemId ?? '')))),
    [record, language],
  );
  const unitNames = useMemo(
    () => mergedNames(namesOf(references.unitId), broughtNames),
    [references, broughtNames],
  );
  // a receipt's line starts at the item's cost price in its unit (the service else takes the store's cost)
  const costHooks = useMemo<ItemLineHooks>(() => {
    const priceField = doc.priceField;
    if (!priceField) return {};
    // a sale's line starts at the unit's sales price, standard-rated unless the item is not taxable, from the
    // branch's default store
    if (doc.money)
      return {
        onItem: (line, item, unitId) => ({
          ...(String(line[priceField] ?? '').trim() ? {} : { [priceField]: defaultSalesPrice(item, unitId) }),
          ...(line.taxCategory
            ? {}
            : item.isTaxable === false
              ? { taxCategory: 'E', taxRate: '0' }
              : { taxCategory: 'S', taxRate: '15' }),
          ...(line.storeId || !context.branch?.defaultStoreId
            ? {}
            : { storeId: context.branch.defaultStoreId }),
        }),
        onUnit: (_line, item, unitId) => ({ [priceField]: defaultSalesPrice(item, unitId) }),
      };
    return {
      onItem: (line, item, unitId) =>
        String(line[priceField] ?? '').trim() ? {} : { [priceField]: defaultUnitCost(item, unitId, digits) },
      onUnit: (_line, item, unitId) => ({ [priceField]: defaultUnitCost(item, unitId, digits) }),
    };
  }, [doc, digits, context.branch]);
  const { items, renderCell, remember } = useItemLineCells(lines, unitNames, costHooks, broughtNames);

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
        setServerErrors(fieldErrorsOf(error.errors, documentGrids(doc), values));
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
      if (closed.jobId) setCloseJob(closed.jobId);
      else context.notify('success', t('doc.closedDone'));
    } catch (error) {
      context.notify('error', t('md.errorTitle'), (error as { detail?: string }).detail || String(error));
    }
  }

  /**
   * A job ended (the close: closed, or still open when it failed; a re-costing: the values as re-costed, and
   * the read names no job any more): the document as it now stands.
   */
  async function reread() {
    if (!id) return;
    try {
      const now = await api.get<DocumentRecord>(doc.apiPath, id, { quiet: true });
      setRecord(now);
      setValues(documentValuesFromRecord(doc, now));
    } catch {
      // the list shows it on the way back
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

  // Ctrl+S / F9 save the document as its button does (and never open the browser's save dialog)
  const canSubmit = !readOnly && !loading && !missing && Object.keys(clientErrors).length === 0;
  useShortcuts({ save: canSubmit ? () => void save() : undefined });

  // the saved totals serve while the lines are as saved and their items cannot be read
  const totals = documentTotals(
    doc,
    lines,
    digits,
    items,
    record && record.lines.length === lines.filter((l) => l.itemId).length
      ? record.quantityTotals
      : undefined,
  );
  const quantityText = totals.byUnit ? unitCountsText(totals.byUnit, unitNames) : '—';
  const title = t(readOnly && editing ? 'doc.viewTitle' : editing ? 'doc.editTitle' : 'doc.newTitle', {
    document: docName,
    code: record?.code ?? '',
  });
  const showHijri = context.showHijri === true;
  const part = { values, errors, disabled, language, decimals: digits, showHijri, set };

  return (
    <section className="erp-md erp-md--page" data-testid="doc-page" data-document={doc.name}>
      <header className="erp-md__header">
        <h1 className="erp-md__title">{title}</h1>
        {record ? <StatusTags record={record} language={language} locked={locked} /> : null}
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
      {closeJob ? (
        <div className="erp-md__notice" data-testid="doc-close-job">
          <JobProgress
            key={closeJob}
            service={doc.service}
            jobId={closeJob}
            onFinished={() => void reread()}
            onGone={() => setCloseJob(null)}
          >
            {(job) =>
              job.status === 'succeeded' ? (
                <Message severity="success" text={t('doc.closedDone')} data-testid="doc-close-done" />
              ) : null
            }
          </JobProgress>
        </div>
      ) : null}
      {record?.recostJobId ? (
        <div className="erp-md__notice" data-testid="doc-recost-job">
          <Tag value={t('doc.recosting')} severity="warning" data-testid="doc-recosting" />
          <JobProgress
            key={record.recostJobId}
            service={doc.service}
            jobId={record.recostJobId}
            onFinished={() => void reread()}
          />
        </div>
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
          <DocumentHeader
            {...part}
            doc={doc}
            code={record?.code ?? ''}
            references={references}
            fiscalYear={context.fiscalYear}
            names={broughtNames}
          />
          <DocumentLines
            doc={doc}
            lines={lines}
            errors={errors}
            disabled={disabled}
            language={language}
            digits={digits}
            showHijri={showHijri}
            renderCell={renderCell}
            countColumns={count.columns}
            countSheet={count.enabled ? { ready: count.ready, fill: fillCountSheet } : null}
            totals={{ quantityText, value: totals.value }}
            options={references}
            onChange={(next) => set('lines', next)}
          />
          {doc.money ? <MoneyTotals totals={moneyTotals} language={language} /> : null}
          {doc.payments ? (
            <DocumentPayments
              doc={doc}
              values={values}
              total={moneyTotals?.taxInclusive ?? null}
              errors={errors}
              disabled={disabled}
              language={language}
              showHijri={showHijri}
              options={references}
              onChange={(next) => set('payments', next)}
            />
          ) : null}
          <DocumentNotes {...part} />
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
          {record && isTaxDocument(doc, record) && !isCreditNote(record) ? (
            <Button
              type="button"
              label={t('doc.receipt')}
              icon="pi pi-ticket"
              outlined
              data-testid="doc-receipt"
              onClick={() => setReceipt(true)}
            />
          ) : null}
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
          {record && !missing ? <ConversionLinks doc={doc} record={record} /> : null}
          {doc.closable &&
          record &&
          reason === null &&
          !closing &&
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
          {record ? (
            <StatusChanges
              doc={doc}
              record={record}
              enabled={!closing && !readOnlyBranch && !loading}
              onChanged={(next) => {
                setRecord(next);
                setValues(documentValuesFromRecord(doc, next));
              }}
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
      <ConfirmLater
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
      {receipt && record ? (
        <ReceiptDialog
          record={record}
          paymentName={(p) => {
            const method = doc.payments?.method.name ?? '';
            return (
              namesOf(references[method]).get(String(p[method] ?? '')) ??
              broughtNames.get(String(p[method] ?? '')) ??
              ''
            );
          }}
          onHide={() => setReceipt(false)}
        />
      ) : null}
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
              names={broughtNames}
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

/** A new sales document starts with the branch's default customer, paid in cash (spec section 5). */
function startingValues(
  doc: DocumentDef,
  values: FormValues,
  branch: { defaultCustomerId?: string | null } | null,
) {
  const has = (name: string) => doc.header.some((f) => f.name === name);
  return {
    ...values,
    ...(has('customerId') && branch?.defaultCustomerId ? { customerId: branch.defaultCustomerId } : {}),
    ...(has('paymentType') ? { paymentType: 'cash' } : {}),
  };
}
