import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@erp/router';
import { useShellSelector } from '../state/store';

/** The navbar's favorites list: the starred pages, one click away. */
export function FavoritesMenu() {
  const { t } = useTranslation('shell');
  const panel = useRef<OverlayPanel>(null);
  const items = useShellSelector((s) => s.favorites.items);
  return (
    <>
      <Button
        icon="pi pi-star"
        text
        rounded
        aria-label={t('favorites.title')}
        tooltip={t('favorites.title')}
        tooltipOptions={{ position: 'bottom' }}
        onClick={(e) => panel.current?.toggle(e)}
        data-testid="favorites-menu"
        badge={items.length > 0 ? String(items.length) : undefined}
        badgeClassName="erp-badge"
      />
      <OverlayPanel ref={panel} className="erp-favorites-panel">
        <h3>{t('favorites.title')}</h3>
        {items.length === 0 ? (
          <p className="erp-muted">{t('home.noFavorites')}</p>
        ) : (
          <ul className="erp-list" data-testid="favorites-list">
            {items.map((f) => (
              <li key={f.id}>
                <Link to={f.routeUrl} onClick={() => panel.current?.hide()}>
                  <i className="pi pi-star-fill" aria-hidden="true" /> {f.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </OverlayPanel>
    </>
  );
}
