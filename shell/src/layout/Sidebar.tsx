import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { visibleMenu } from '@erp/ui-kit';
import { useManifests } from '../app/manifests';
import { useShellDispatch, useShellSelector } from '../state/store';
import { menuToggled } from '../state/ui';
import { NO_BUSINESS_TYPES } from '../state/workspace';

/**
 * The sidebar: the manifests' menu entries in the spec's groups, gated by permission and by the company's
 * business-type flags (spec section 2). Entries come only from loaded manifests, so none leads nowhere.
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const manifests = useManifests();
  const profile = useShellSelector((s) => s.session.profile);
  const businessTypes = useShellSelector((s) => s.workspace.company?.businessTypes ?? NO_BUSINESS_TYPES);
  const open = useShellSelector((s) => s.ui.menuOpen);
  const groups = useMemo(
    () =>
      profile
        ? visibleMenu(
            manifests,
            { isAdmin: profile.isAdmin, permissions: new Set(profile.permissions) },
            businessTypes,
          )
        : [],
    [manifests, profile, businessTypes],
  );
  const close = () => dispatch(menuToggled(false));
  const link = ({ isActive }: { isActive: boolean }) => `erp-menu__link${isActive ? ' is-active' : ''}`;

  return (
    <nav className={`erp-sidebar${open ? ' is-open' : ''}`} aria-label={t('nav.mainNavigation')}>
      <ul className="erp-menu">
        <li>
          <NavLink to="/" end className={link} onClick={close}>
            <i className="pi pi-home" aria-hidden="true" />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
      </ul>
      {groups.map((group) => (
        <section key={group.group} className="erp-menu__group">
          <h3 className="erp-menu__heading">{t(`groups.${group.group}`)}</h3>
          <ul className="erp-menu">
            {group.entries.map((entry) => (
              <li key={`${entry.remote}:${entry.path}`}>
                <NavLink to={entry.path} className={link} onClick={close}>
                  <i className={entry.icon} aria-hidden="true" />
                  <span>{t(entry.labelKey, { ns: entry.remote })}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
