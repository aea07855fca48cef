import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replicaSources, serviceNames, type DeadLetter } from '@erp/contracts';
import { useApi } from '../../app/ServicesContext';
import { ScreenHeader } from '../../components/Field';
import { useNotify } from '../../components/notify';
import { formatDateTime } from './LogsPage';

interface ConsumerRow {
  service: string;
  state: 'running' | 'restarting' | 'stopped';
  lag: number | null;
}
type Letter = DeadLetter & { service: string };

/** Everything that keeps events flowing: the gateway has a consumer too (its session replica). */
const SERVICES = [...serviceNames, 'gateway'] as const;
const stateSeverity = { running: 'success', restarting: 'warning', stopped: 'danger' } as const;

/**
 * /system-events (admins): each consumer's state and lag, the events parked as dead letters with a translated
 * reason (never the error itself) and a replay after a fix, and the rebuild of the replicas from their sources
 * (issue 10 item 3).
 */
export function SystemEventsPage() {
  const { t, i18n } = useTranslation('shell');
  const api = useApi();
  const notify = useNotify();
  const [consumers, setConsumers] = useState<ConsumerRow[] | null>(null);
  const [letters, setLetters] = useState<Letter[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [republished, setRepublished] = useState<number | null>(null);

  const load = useCallback(async () => {
    const health = await api
      .get<{ consumers: Record<string, Omit<ConsumerRow, 'service'> | null> }>('health', undefined, {
        quiet: true,
      })
      .catch(() => ({ consumers: {} }));
    setConsumers(
      Object.entries(health.consumers)
        .filter((e): e is [string, Omit<ConsumerRow, 'service'>] => e[1] !== null)
        .map(([service, c]) => ({ service, state: c.state, lag: c.lag })),
    );
    const parked = await Promise.all(
      SERVICES.map((service) =>
        api
          .get<DeadLetter[]>(`admin/${service}/dead-letters`, undefined, { quiet: true })
          .then((rows) => rows.map((r) => ({ ...r, service })))
          .catch(() => [] as Letter[]),
      ),
    );
    setLetters(parked.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const replay = async (letter: Letter) => {
    setBusy(letter.id);
    try {
      const { outcome } = await api.post<{ outcome: 'applied' | 'parkedAgain' }>(
        `admin/${letter.service}/dead-letters/${letter.id}/replay`,
      );
      if (outcome === 'applied') notify.toast('screens.systemEvents.applied');
      else notify.error('screens.systemEvents.parkedAgain');
      await load();
    } finally {
      setBusy(null);
    }
  };

  const rebuild = async () => {
    setBusy('rebuild');
    try {
      let events = 0;
      for (const source of replicaSources)
        events += (await api.post<{ events: number }>(`admin/${source}/replicas/republish`)).events;
      setRepublished(events);
    } finally {
      setBusy(null);
    }
  };

  const serviceLabel = (s: string) => t(`screens.systemEvents.services.${s}`);
  // the tables are keyed by language: PrimeReact keeps the rows' cells rendered while their values stay the same
  return (
    <section className="erp-screen" data-testid="system-events-screen">
      <ScreenHeader title={t('titles.systemEvents')}>
        <Button
          label={t('screens.systemEvents.refresh')}
          icon="pi pi-refresh"
          outlined
          onClick={() => void load()}
        />
      </ScreenHeader>

      <h2 className="erp-section-title">{t('screens.systemEvents.consumers')}</h2>
      <DataTable
        key={`consumers-${i18n.language}`}
        value={consumers ?? []}
        loading={consumers === null}
        dataKey="service"
        className="erp-table"
        size="small"
        data-testid="consumers-table"
      >
        <Column
          header={t('screens.systemEvents.service')}
          body={(c: ConsumerRow) => serviceLabel(c.service)}
        />
        <Column
          header={t('screens.systemEvents.state')}
          body={(c: ConsumerRow) => (
            <Tag
              value={t(`screens.systemEvents.states.${c.state}`)}
              severity={stateSeverity[c.state]}
              data-state={c.state}
            />
          )}
        />
        <Column
          header={t('screens.systemEvents.lag')}
          body={(c: ConsumerRow) => (c.lag === null ? <span className="erp-muted">—</span> : c.lag)}
        />
      </DataTable>

      <h2 className="erp-section-title">{t('screens.systemEvents.deadLetters')}</h2>
      <DataTable
        key={`letters-${i18n.language}`}
        value={letters ?? []}
        loading={letters === null}
        dataKey="id"
        className="erp-table"
        size="small"
        stripedRows
        emptyMessage={t('screens.systemEvents.noDeadLetters')}
        data-testid="dead-letters-table"
      >
        <Column
          header={t('screens.systemEvents.parkedAt')}
          body={(l: Letter) => <bdi dir="ltr">{formatDateTime(l.createdAt)}</bdi>}
        />
        <Column header={t('screens.systemEvents.service')} body={(l: Letter) => serviceLabel(l.service)} />
        <Column
          header={t('screens.systemEvents.event')}
          body={(l: Letter) => <bdi dir="ltr">{l.type}</bdi>}
        />
        <Column header={t('screens.systemEvents.reason')} field="reasonText" bodyClassName="erp-cell-wrap" />
        <Column header={t('screens.systemEvents.attempts')} field="attempts" />
        <Column
          header={t('screens.systemEvents.actions')}
          body={(l: Letter) => (
            <Button
              label={t('screens.systemEvents.replay')}
              icon="pi pi-replay"
              size="small"
              text
              loading={busy === l.id}
              disabled={busy !== null}
              onClick={() => void replay(l)}
            />
          )}
        />
      </DataTable>

      <h2 className="erp-section-title">{t('screens.systemEvents.replicas')}</h2>
      <div className="erp-card">
        <p>{t('screens.systemEvents.replicasHint')}</p>
        <Button
          label={t('screens.systemEvents.rebuild')}
          icon="pi pi-sync"
          loading={busy === 'rebuild'}
          disabled={busy !== null}
          onClick={() => void rebuild()}
          data-testid="rebuild-replicas"
        />
        {republished === null ? null : (
          <p role="status" data-testid="republished">
            {t('screens.systemEvents.republished', { count: republished })}
          </p>
        )}
      </div>
    </section>
  );
}
