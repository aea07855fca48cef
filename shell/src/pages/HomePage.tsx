import { useTranslation } from 'react-i18next';
import { Link } from '@erp/router';
import { Button } from 'primereact/button';
import { hasPermission } from '@erp/ui-kit/src/declare';
import { useLocalName } from '../layout/names';
import { loadManifest } from '../remotes/loader';
import { useAppNames } from '../remotes/names';
import { useShellDispatch, useShellSelector } from '../state/store';

/** / : who and where the user is working, their favorite pages and the state of each feature app. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const localName = useLocalName();
  const appName = useAppNames();
  const profile = useShellSelector((s) => s.session.profile);
  const branchId = useShellSelector((s) => s.session.branchId);
  const fiscalYear = useShellSelector((s) => s.session.fiscalYear);
  const company = useShellSelector((s) => s.workspace.company);
  const branches = useShellSelector((s) => s.workspace.branches);
  const remotes = useShellSelector((s) => s.remotes);
  // the layout loads them once; the page stars (PageBar) keep them current
  const favorites = useShellSelector((s) =>
    s.favorites.status === 'ready' || s.favorites.status === 'failed' ? s.favorites.items : null,
  );

  const branch = branches.find((b) => b.id === branchId);
  const access = { isAdmin: profile?.isAdmin ?? false, permissions: new Set(profile?.permissions ?? []) };
  const dash = '—';

  return (
    <div className="erp-home" data-testid="home">
      <header className="erp-home__header">
        <h1>{t('home.welcome', { name: profile?.fullName || profile?.userName || '' })}</h1>
        <p className="erp-muted">{t('home.subtitle')}</p>
      </header>
      <div className="erp-home__facts">
        <article className="erp-card erp-fact">
          <i className="pi pi-building" aria-hidden="true" />
          <div>
            <h2>{t('home.company')}</h2>
            <p>{company ? localName(company) : dash}</p>
          </div>
        </article>
        <article className="erp-card erp-fact">
          <i className="pi pi-sitemap" aria-hidden="true" />
          <div>
            <h2>{t('home.branch')}</h2>
            <p>{branch ? `${branch.code} · ${localName(branch)}` : dash}</p>
          </div>
        </article>
        <article className="erp-card erp-fact">
          <i className="pi pi-calendar" aria-hidden="true" />
          <div>
            <h2>{t('home.fiscalYear')}</h2>
            <p>
              {fiscalYear ? (fiscalYear.year === null ? t('nav.allYears') : String(fiscalYear.year)) : dash}
            </p>
          </div>
        </article>
      </div>
      <div className="erp-home__lists">
        <article className="erp-card">
          <h2>{t('home.favorites')}</h2>
          {favorites === null ? (
            <p className="erp-muted">{t('common.loading')}</p>
          ) : favorites.length === 0 ? (
            <p className="erp-muted">{t('home.noFavorites')}</p>
          ) : (
            <ul className="erp-list">
              {favorites.map((f) => (
                <li key={f.id}>
                  <Link to={f.routeUrl}>
                    <i className="pi pi-star-fill" aria-hidden="true" /> {f.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </article>
        <article className="erp-card" data-testid="modules">
          <h2>{t('home.modules')}</h2>
          <ul className="erp-list erp-modules">
            {remotes.order.map((name) => {
              const r = remotes.byName[name]!;
              const screens =
                r.manifest?.routes.filter((route) => hasPermission(access, route.permission)).length ?? 0;
              return (
                <li key={name} data-remote={name} data-status={r.status}>
                  <span className="erp-modules__name">{appName(name)}</span>
                  <span className={`erp-modules__status is-${r.status}`}>
                    {r.status === 'loading'
                      ? t('home.moduleLoading')
                      : r.status === 'failed'
                        ? t('home.moduleFailed')
                        : screens > 0
                          ? t('home.moduleReady', { count: screens })
                          : t('home.moduleEmpty')}
                  </span>
                  {r.status === 'failed' ? (
                    <Button
                      size="small"
                      text
                      icon="pi pi-refresh"
                      label={t('common.retry')}
                      onClick={() => void loadManifest(dispatch, name, true)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </article>
      </div>
    </div>
  );
}
