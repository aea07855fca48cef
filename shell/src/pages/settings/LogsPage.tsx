import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentDefinitions, masterDataEntities, type AuditChange, type User } from '@erp/contracts';
import { isoToUtc } from '@erp/i18n';
import { DateInput, useServerList, type ServerPage } from '@erp/ui-kit';
import { useApi } from '../../app/ServicesContext';
import { ListTable } from '../../components/ListParts';
import { Field, ScreenHeader } from '../../components/Field';
import { useShellSelector } from '../../state/store';
import { usePermissionLabel } from '../../users/PermissionPicker';
import { entityName, fieldName, formatWhen, valueText } from './logs-format';

/** The audited record types the filter offers: the identity records, the main data, the documents. */
const ENTITIES = [
  'company',
  'branch',
  'user',
  ...masterDataEntities.map((e) => e.name),
  ...documentDefinitions.map((d) => d.name),
];
const NO_FILTERS = { entity: '', userId: '', from: '', to: '' };
const severity = { created: 'success', modified: 'info', deleted: 'danger' } as const;

/** '2026-05-01T10:20:30.000Z' → '2026-05-01 10:20:30' in local time (spec section 9's date-time format). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * /logs (viewUsers): the audit trail as a reader reads it (issue 12 item 6), one change per row: when (in the
 * user's language), who, the record's type, code and name, and each changed field's label with its value before
 * and after; filtered by record type, user and date range.
 */
export function LogsPage() {
  const { t, i18n } = useTranslation('shell');
  const api = useApi();
  const language = useShellSelector((s) => s.ui.language);
  const branches = useShellSelector((s) => s.workspace.branches);
  const permissionLabel = usePermissionLabel();
  const [filters, setFilters] = useState(NO_FILTERS);
  const showHijri = useShellSelector((s) => s.ui.showHijri);
  const [users, setUsers] = useState<User[]>([]);
  const list = useServerList<AuditChange>({
    api,
    path: 'AuditLogs/changes',
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
  const text = (key: string) => {
    // the log's own texts are in its screens' namespace ('settings'), the shared ones in 'shell'
    for (const ns of ['settings', 'shell']) {
      const found = i18n.getResource(language, ns, key) ?? i18n.getResource('en', ns, key);
      if (typeof found === 'string') return found;
    }
    return undefined;
  };
  const entityLabel = (e: string) => entityName(e, language, t, text);
  const branchName = (id: string) => {
    const b = branches.find((x) => x.id === id);
    return b
      ? language === 'ar' || language === 'ku'
        ? b.arabicName
        : b.englishName || b.arabicName
      : undefined;
  };
  const names = { permission: permissionLabel, branch: branchName };
  const recordName = (l: AuditChange) => {
    const name = language === 'ar' || language === 'ku' ? l.recordArabicName : l.recordEnglishName;
    return [l.recordCode, name].filter(Boolean).join(' · ') || '—';
  };

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
      <ListTable list={list}>
        <Column
          header={t('screens.logs.time')}
          body={(l: AuditChange) => <span data-testid="log-when">{formatWhen(l.occurredAt, language)}</span>}
        />
        <Column header={t('screens.logs.user')} body={(l: AuditChange) => l.userName ?? '—'} />
        <Column header={t('screens.logs.entity')} body={(l: AuditChange) => entityLabel(l.entity)} />
        <Column
          header={t('screens.logs.record')}
          body={(l: AuditChange) => <bdi data-testid="log-record">{recordName(l)}</bdi>}
        />
        <Column
          header={t('screens.logs.action')}
          body={(l: AuditChange) => (
            <Tag value={t(`screens.logs.actions.${l.action}`)} severity={severity[l.action]} />
          )}
        />
        <Column
          header={t('screens.logs.changes')}
          bodyClassName="erp-cell-wrap"
          body={(l: AuditChange) =>
            l.changes.length === 0 ? (
              <span className="erp-muted">—</span>
            ) : (
              <dl className="erp-log-changes" data-testid="log-changes">
                {l.changes.map((c) => (
                  <div key={c.property} className="erp-log-change">
                    <dt>{fieldName(l.entity, c.property, language, t, text)}</dt>
                    <dd>
                      {l.action !== 'created' ? (
                        <>
                          <bdi className="erp-log-before">
                            {valueText(c.property, c.before, language, t, names)}
                          </bdi>
                          <span aria-hidden="true">
                            {language === 'ar' || language === 'ku' ? ' ← ' : ' → '}
                          </span>
                        </>
                      ) : null}
                      <bdi>
                        {valueText(
                          c.property,
                          l.action === 'deleted' ? c.before : c.after,
                          language,
                          t,
                          names,
                        )}
                      </bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            )
          }
        />
      </ListTable>
    </section>
  );
}
