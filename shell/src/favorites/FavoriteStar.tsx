import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@erp/router';
import { useShellDispatch, useShellSelector } from '../state/store';
import { addFavorite, findFavorite, removeFavorite } from './favorites';
import { usePageRoute } from './page-route';

/** The bar above every page: where the user is, and the star that adds or removes the page from favorites. */
export function PageBar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const dispatch = useShellDispatch();
  const page = usePageRoute();
  const items = useShellSelector((s) => s.favorites.items);
  const [busy, setBusy] = useState(false);
  if (!page) return null;
  const title = t(page.titleKey, { ns: page.ns });
  const favorite = findFavorite(items, pathname);

  const toggle = async () => {
    setBusy(true);
    try {
      if (favorite) await dispatch(removeFavorite(favorite.id)).unwrap();
      else await dispatch(addFavorite({ routeUrl: pathname, title })).unwrap();
    } catch {
      // the client showed the alert
    }
    setBusy(false);
  };

  return (
    <div className="erp-pagebar">
      <nav className="erp-crumbs" aria-label={t('favorites.breadcrumb')}>
        <Link to="/">{t('nav.home')}</Link>
        <i className="pi pi-angle-right erp-flip" aria-hidden="true" />
        <span aria-current="page">{title}</span>
      </nav>
      <Button
        icon={favorite ? 'pi pi-star-fill' : 'pi pi-star'}
        text
        rounded
        size="small"
        className={`erp-star${favorite ? ' is-on' : ''}`}
        aria-pressed={Boolean(favorite)}
        aria-label={t(favorite ? 'favorites.remove' : 'favorites.add')}
        tooltip={t(favorite ? 'favorites.remove' : 'favorites.add')}
        tooltipOptions={{ position: 'bottom' }}
        loading={busy}
        onClick={() => void toggle()}
        data-testid="favorite-star"
      />
    </div>
  );
}
