import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { shallowEqual } from 'react-redux';
import { loadManifest } from '../remotes/loader';
import { useShellDispatch, useShellSelector } from '../state/store';
import { useAppNames } from '../remotes/names';

/** Inside the layout, above the page: each feature app that failed to load, translated, with a retry. */
export function RemoteProblems() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const failed = useShellSelector(
    (s) => s.remotes.order.filter((n) => s.remotes.byName[n]?.status === 'failed'),
    shallowEqual,
  );
  const names = useAppNames();
  if (failed.length === 0) return null;
  return (
    <div className="erp-remote-problems">
      {failed.map((name) => (
        <div key={name} className="erp-remote-problem" role="alert" data-remote={name}>
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <div className="erp-remote-problem__text">
            <strong>{t('remote.failed', { app: names(name) })}</strong>
            <span>{t('remote.hint')}</span>
          </div>
          <Button
            size="small"
            icon="pi pi-refresh"
            label={t('common.retry')}
            onClick={() => void loadManifest(dispatch, name, true)}
          />
        </div>
      ))}
    </div>
  );
}
