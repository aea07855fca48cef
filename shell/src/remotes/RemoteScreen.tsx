import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from '@erp/router';
import { mountRootParcel, type LifeCycles } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { ErrorPanel } from '@erp/ui-kit/src/ErrorPanel';
import type { FeatureLocation, FeatureProps, FeatureRoute } from '@erp/ui-kit/src/declare';
import { useFeatureContext } from '../app/feature-context';
import { loadLifecycles } from './loader';
import { useAppName } from './names';

type Loaded =
  { status: 'loading' } | { status: 'ready'; lifecycles: LifeCycles<FeatureProps> } | { status: 'failed' };

/**
 * One feature app's screen inside the layout: its lifecycles are loaded on first use and mounted as a single-spa
 * parcel; new context or location props reach it through the parcel's update. A load or mount failure stays in
 * this frame, translated, with a retry; the rest of the shell keeps working.
 */
export function RemoteScreen({ remote, route }: { remote: string; route: FeatureRoute }) {
  const { t } = useTranslation('shell');
  const appName = useAppName(remote);
  const context = useFeatureContext();
  const params = useParams();
  const { pathname, search } = useLocation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    loadLifecycles(remote, attempt > 0).then(
      (lifecycles) => live && setLoaded({ status: 'ready', lifecycles }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const failed = useCallback(() => setLoaded({ status: 'failed' }), []);

  if (loaded.status === 'failed') {
    return (
      <ErrorPanel
        title={t('remote.failed', { app: appName })}
        message={t('remote.hint')}
        actionLabel={t('common.retry')}
        onAction={retry}
      />
    );
  }
  if (loaded.status === 'loading' || !context) {
    return (
      <div className="erp-loading" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('common.loading')}
      </div>
    );
  }
  const location: FeatureLocation = { route: route.path, pathname, params, search };
  return (
    <Parcel
      key={`${remote}:${attempt}`}
      config={loaded.lifecycles}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName="erp-parcel"
      handleError={failed}
      context={context}
      location={location}
    />
  );
}
