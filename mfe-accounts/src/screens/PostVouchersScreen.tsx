import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '@erp/i18n';
import {
  bulkPostingRoutes,
  type BulkPostingAccepted,
  type BulkPostingAction,
  type BulkPostingResult,
  type Job,
  type PostingType,
} from '@erp/contracts';
import { JobProgress, KitStyles, browserSessionStorage, rememberedJobs, useFeature } from '@erp/ui-kit';

/** A code as the engine numbers it: `17`, or `26-17` where the branch numbers per year. */
const CODE = /^(\d{2}-)?\d{1,12}$/;
const codeOrder = (code: string) => {
  const [y, s] = code.includes('-') ? code.split('-') : ['0', code];
  return [Number(y), Number(s)] as const;
};
const rangeOk = (from: string, to: string) => {
  if (!CODE.test(from) || !CODE.test(to)) return false;
  const [a, b] = [codeOrder(from), codeOrder(to)];
  return a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
};

/**
 * /post-vouchers (gLPost; issue 13, deliverable 4): posting and un-posting to accounts in bulk by document type
 * and code range. The run is a background job of the accounts service: while it runs the spec's posting (or
 * un-posting) overlay shows its real progress, then the summary of what was posted, skipped and why. The job is
 * remembered for the tab, so a reload finds the overlay again. The service checks the permission, the branch
 * and overlapping runs (409 'the transaction has an active posting in progress', shown by the client's alert).
 */
export function PostVouchersScreen() {
  const { api, language } = useFeature();
  const { t } = useTranslation();
  const remembered = useMemo(
    () => ({
      post: rememberedJobs(browserSessionStorage(), '/post-vouchers:post'),
      unpost: rememberedJobs(browserSessionStorage(), '/post-vouchers:unpost'),
    }),
    [],
  );
  const [types, setTypes] = useState<PostingType[]>([]);
  const [documentType, setDocumentType] = useState('vouchers');
  const [fromCode, setFromCode] = useState('');
  const [toCode, setToCode] = useState('');
  const [sending, setSending] = useState<BulkPostingAction | null>(null);
  const [run, setRun] = useState<{ action: BulkPostingAction; jobId: string } | null>(() => {
    const post = remembered.post.get();
    if (post) return { action: 'post', jobId: post };
    const unpost = remembered.unpost.get();
    return unpost ? { action: 'unpost', jobId: unpost } : null;
  });
  const [finished, setFinished] = useState<Job | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    api
      .get<{ items: PostingType[] }>(bulkPostingRoutes.postingTypes.path, undefined, { signal: abort.signal })
      .then((r) => setTypes(r.items))
      .catch(() => undefined);
    return () => abort.abort();
  }, [api]);

  const valid = rangeOk(fromCode.trim(), toCode.trim());
  const running = run !== null && finished === null;

  async function start(action: BulkPostingAction) {
    setSending(action);
    setFinished(null);
    try {
      const path =
        action === 'post' ? bulkPostingRoutes.postInBulk.path : bulkPostingRoutes.unpostInBulk.path;
      const accepted = await api.post<BulkPostingAccepted>(path, {
        documentType,
        fromCode: fromCode.trim(),
        toCode: toCode.trim(),
      });
      remembered[action].set(accepted.jobId);
      setRun({ action, jobId: accepted.jobId });
    } catch {
      // the client's alert has shown the translated detail (a 409 while another run covers the range)
    } finally {
      setSending(null);
    }
  }

  function forget() {
    remembered.post.clear();
    remembered.unpost.clear();
  }

  // a document type of another service is named by the shared labels (`documents.<name>`)
  const typeLabel = (type: PostingType) =>
    type.labelKey.startsWith('documents.')
      ? label(language, type.labelKey)
      : t(type.labelKey, { defaultValue: t('posting.types.document') });
  return (
    <section className="erp-md" data-testid="post-vouchers">
      <KitStyles />
      <header className="erp-md__header">
        <h1 className="erp-md__title">{t('postVouchers')}</h1>
      </header>
      <div className="erp-md__card">
        <p>{t('posting.intro')}</p>
        <form
          className="erp-md__toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !running) void start('post');
          }}
        >
          <label htmlFor="posting-type">{t('posting.documentType')}</label>
          <Dropdown
            inputId="posting-type"
            value={documentType}
            options={types.map((x) => ({ value: x.type, label: typeLabel(x) }))}
            data-testid="posting-type"
            onChange={(e) => setDocumentType(String(e.value))}
          />
          <label htmlFor="posting-from">{t('posting.fromCode')}</label>
          <InputText
            id="posting-from"
            value={fromCode}
            inputMode="numeric"
            placeholder="1"
            aria-describedby="posting-code-hint"
            data-testid="posting-from"
            onChange={(e) => setFromCode(e.target.value)}
          />
          <label htmlFor="posting-to">{t('posting.toCode')}</label>
          <InputText
            id="posting-to"
            value={toCode}
            inputMode="numeric"
            placeholder="100"
            aria-describedby="posting-code-hint"
            data-testid="posting-to"
            onChange={(e) => setToCode(e.target.value)}
          />
          <Button
            type="submit"
            icon="pi pi-check"
            label={t('posting.post')}
            disabled={!valid || running}
            loading={sending === 'post'}
            data-testid="posting-post"
          />
          <Button
            type="button"
            icon="pi pi-undo"
            severity="secondary"
            label={t('posting.unpost')}
            disabled={!valid || running}
            loading={sending === 'unpost'}
            data-testid="posting-unpost"
            onClick={() => void start('unpost')}
          />
        </form>
        <small id="posting-code-hint" className="erp-md-form__hint">
          {t('posting.codeHint')}
        </small>
        {finished ? <RunSummary job={finished} /> : null}
      </div>
      <Dialog
        visible={running}
        onHide={() => undefined}
        closable={false}
        closeOnEscape={false}
        modal
        header={t(run?.action === 'unpost' ? 'posting.unpostingTitle' : 'posting.postingTitle')}
        style={{ width: 'min(36rem, 96vw)' }}
        data-testid={run?.action === 'unpost' ? 'unposting-overlay' : 'posting-overlay'}
        aria-busy="true"
      >
        <p>{t(run?.action === 'unpost' ? 'posting.unpostingWait' : 'posting.postingWait')}</p>
        {run ? (
          <JobProgress
            key={run.jobId}
            service="accounts"
            jobId={run.jobId}
            onFinished={(job) => {
              forget();
              setFinished(job);
            }}
            onGone={() => {
              forget();
              setRun(null);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

/** What the run did: every document of the range counted once, and each one left alone with its reason. */
function RunSummary({ job }: { job: Job }) {
  const { t } = useTranslation();
  const result = job.result as BulkPostingResult | null;
  if (job.status !== 'succeeded' || !result)
    return (
      <Message
        severity="warn"
        text={t('posting.stopped', { done: job.done, total: job.total })}
        data-testid="posting-stopped"
      />
    );
  const post = result.action === 'post';
  const rows: [string, number][] = [
    ['posting.total', result.total],
    [post ? 'posting.posted' : 'posting.unposted', result.posted],
    [post ? 'posting.alreadyPosted' : 'posting.alreadyUnposted', result.alreadyDone],
    ['posting.refused', result.refused],
    ['posting.failed', result.failed],
  ];
  return (
    <div data-testid="posting-result" data-action={result.action}>
      <Message
        severity={result.failed || result.refused ? 'warn' : 'success'}
        text={t(post ? 'posting.postFinished' : 'posting.unpostFinished')}
      />
      <dl style={{ display: 'grid', gap: '0.25rem', margin: '1rem 0' }}>
        {rows.map(([key, n]) => (
          <div
            key={key}
            style={{ display: 'flex', gap: '1rem' }}
            data-testid={`posting-${key.split('.')[1]}`}
          >
            <dt style={{ minWidth: '14rem' }}>{t(key)}</dt>
            <dd style={{ margin: 0 }}>{n}</dd>
          </div>
        ))}
      </dl>
      {job.rejected.length ? (
        <>
          <h2 className="erp-md__subtitle">{t('posting.reasons')}</h2>
          <ul data-testid="posting-reasons">
            {job.rejected.map((r) => (
              <li key={r.row}>{r.reasons.join('; ')}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
