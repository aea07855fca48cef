import { useTranslation } from 'react-i18next';
import { NavLink } from '@erp/router';
import { useShellDispatch, useShellSelector } from '../state/store';
import { menuToggled } from '../state/ui';
import { useMenuGroups } from './menu';

/**
 * The sidebar: the shell's and the manifests' menu entries in the spec's groups, gated by permission and by the
 * company's business-type flags (spec section 2). Entries come only from known routes, so none leads nowhere.
 * Collapsed (theme customizer), it shows the icons only, the labels as tooltips.
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const groups = useMenuGroups();
  const open = useShellSelector((s) => s.ui.menuOpen);
  const collapsed = useShellSelector((s) => s.theme.prefs.menuCollapsed);
  const close = () => dispatch(menuToggled(false));
  const link = ({ isActive }: { isActive: boolean }) => `erp-menu__link${isActive ? ' is-active' : ''}`;

  return (
    <nav
      className={`erp-sidebar${open ? ' is-open' : ''}${collapsed ? ' is-collapsed' : ''}`}
      aria-label={t('nav.mainNavigation')}
    >
      <ul className="erp-menu">
        <li>
          <NavLink to="/" end className={link} onClick={close} title={collapsed ? t('nav.home') : undefined}>
            <i className="pi pi-home" aria-hidden="true" />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
      </ul>
      {groups.map((group) => (
        <section key={group.group} className="erp-menu__group" data-group={group.group}>
          <h3 className="erp-menu__heading">{t(`groups.${group.group}`)}</h3>
          <ul className="erp-menu">
            {group.entries.map((entry) => {
              const label = t(entry.labelKey, { ns: entry.remote });
              return (
                <li key={`${entry.remote}:${entry.path}`}>
                  <NavLink
                    to={entry.path}
                    className={link}
                    onClick={close}
                    title={collapsed ? label : undefined}
                  >
                    <i className={entry.icon} aria-hidden="true" />
                    <span>{label}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
