import { useTranslation } from 'react-i18next';
import { NavLink } from '@erp/router';
import { useMenuGroups } from './menu';

/** The horizontal layout's menu bar (spec section 2): home, then one drop-down per group. */
export function HorizontalMenu() {
  const { t } = useTranslation('shell');
  const groups = useMenuGroups();
  const link = ({ isActive }: { isActive: boolean }) => `erp-menu__link${isActive ? ' is-active' : ''}`;
  return (
    <nav className="erp-hmenu" aria-label={t('nav.mainNavigation')} data-testid="horizontal-menu">
      <ul className="erp-hmenu__bar">
        <li>
          <NavLink to="/" end className={link}>
            <i className="pi pi-home" aria-hidden="true" />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
        {groups.map((group) => (
          <li key={group.group} className="erp-hmenu__group" data-group={group.group}>
            <button type="button" className="erp-hmenu__heading" aria-haspopup="true">
              {t(`groups.${group.group}`)} <i className="pi pi-angle-down" aria-hidden="true" />
            </button>
            <ul className="erp-hmenu__panel">
              {group.entries.map((entry) => (
                <li key={`${entry.remote}:${entry.path}`}>
                  <NavLink to={entry.path} className={link}>
                    <i className={entry.icon} aria-hidden="true" />
                    <span>{t(entry.labelKey, { ns: entry.remote })}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
