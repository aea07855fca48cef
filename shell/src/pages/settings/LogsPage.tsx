import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@erp/contracts';
import { isoToUtc } from '@erp/i18n';
import { DateInput, useServerList, type ServerPage } from '@erp/ui-kit';
import { useShellSelector } from '../../state/store';
import { useApi } from '../../app/ServicesContext';
import { Field, ScreenHeader } from '../../components/Field';

interface AuditLog {
  id: string;
  service: string;
  entity: string;
  entityId: string;
  action: 'created' | 'modified' | 'deleted';
  property: string;
  before: string | null;
  after: string | null;
  userId: string | null;
  userName: string | null;
  occurredAt: string;
}

/** The audited entities the filter offers (anything else can still be typed in the search). */
const ENTITIES = ['company', 'branch', 'user'];
const NO_FILTERS = { entity: '', userId: '', from: '', to: '' };
const severity = { created: 'success', modified: 'info', deleted: 'danger' } as const;

/** '2026-05-01T10:20:30.000Z' → '2026-05-01 10:20:30' in local time (spec section 9's date-time format). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** /logs (viewUsers): the audit trail, paged, filtered by entity, user and date range. */
export function LogsPage() {
  const { t, i18n } = useTranslation('shell');
  const api = useApi();
  const [filters, setFilters] = useState(NO_FILTERS);
  const language = useShellSelector((s) => s.ui.language);
  const showHijri = useShellSelector((s) => s.ui.showHijri);
  const [users, setUsers] = useState<User[]>([]);
  const list = useServerList<AuditLog>({
    api,
    path: 'AuditLogs',
    language: i18n.language,
    filters,
    pageSize: 25,
  });

  useEffect(() => {
    let live = true;
    api.get<ServerPage<User>>('Users', undefined, { query: { pageSize: 500 }, quiet: true }).then(
      (p) => live && setUsers(p.items),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const change = (key: keyof typeof filters, value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const entityLabel = (e: string) => (ENTITIES.includes(e) ? t(`screens.logs.entities.${e}`) : e);
  const value = (v: string | null) =>
    v === null || v === '' ? <span className="erp-muted">—</span> : <bdi>{v}</bdi>;

  return (
    <section className="erp-screen" data-testid="logs-screen">
      <ScreenHeader title={t('titles.logs')} />
      <div className="erp-card erp-filters">
        <Field id="logs-entity" label={t('screens.logs.entity')}>
          <Dropdown
            inputId="logs-entity"
            value={filters.entity}
            options={[
              { value: '', label: t('screens.common.all') },
              ...ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })),
            ]}
            onChange={(e) => change('entity', e.value as string)}
          />
        </Field>
        <Field id="logs-user" label={t('screens.logs.user')}>
          <Dropdown
            inputId="logs-user"
            value={filters.userId}
            options={[
              { value: '', label: t('screens.common.all') },
              ...users.map((u) => ({ value: u.id, label: `${u.fullName} (${u.userName})` })),
            ]}
            filter
            onChange={(e) => change('userId', e.value as string)}
          />
        </Field>
        <Field id="logs-from" label={t('screens.logs.from')}>
          <DateInput
            id="logs-from"
            value={filters.from}
            language={language}
            showHijri={showHijri}
            onChange={(v) => (v === '' || isoToUtc(v)) && change('from', v)}
          />
        </Field>
        <Field id="logs-to" label={t('screens.logs.to')}>
          <DateInput
            id="logs-to"
            value={filters.to}
            language={language}
            showHijri={showHijri}
            onChange={(v) => (v === '' || isoToUtc(v)) && change('to', v)}
          />
        </Field>
        <Field id="logs-search" label={t('screens.common.search')}>
          <InputText id="logs-search" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
        </Field>
        <Button
          className="erp-filters__clear"
          icon="pi pi-filter-slash"
          label={t('screens.common.clearFilters')}
          severity="secondary"
          text
          onClick={() => {
            setFilters(NO_FILTERS);
            list.setSearch('');
          }}
        />
      </div>
      <DataTable
        {...list.table}
        value={list.items}
        dataKey="id"
        className="erp-table"
        size="small"
        stripedRows
      >
        <Column
          header={t('screens.logs.time')}
          body={(l: AuditLog) => <bdi dir="ltr">{formatDateTime(l.occurredAt)}</bdi>}
        />
        <Column header={t('screens.logs.user')} body={(l: AuditLog) => l.userName ?? '—'} />
        <Column header={t('screens.logs.entity')} body={(l: AuditLog) => entityLabel(l.entity)} />
        <Column
          header={t('screens.logs.action')}
          body={(l: AuditLog) => (
            <Tag value={t(`screens.logs.actions.${l.action}`)} severity={severity[l.action]} />
          )}
        />
        <Column header={t('screens.logs.property')} body={(l: AuditLog) => <bdi>{l.property}</bdi>} />
        <Column
          header={t('screens.logs.before')}
          body={(l: AuditLog) => value(l.before)}
          bodyClassName="erp-cell-wrap"
        />
        <Column
          header={t('screens.logs.after')}
          body={(l: AuditLog) => value(l.after)}
          bodyClassName="erp-cell-wrap"
        />
      </DataTable>
    </section>
  );
}
