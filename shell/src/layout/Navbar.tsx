import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@erp/router';
import type { FiscalYearInfo } from '@erp/ui-kit/src/declare';
import { useApi } from '../app/ServicesContext';
import { Picker } from '../components/Picker';
import { branchChosen, fiscalYearChosen, signedOut } from '../state/session';
import { useShellDispatch, useShellSelector } from '../state/store';
import { menuToggled } from '../state/ui';
import { workspaceCleared } from '../state/workspace';
import { FavoritesMenu } from '../favorites/FavoritesMenu';
import { pathTo } from '../settings/shell-routes';
import { customizerToggled } from '../theme/theme';
import { LanguagePicker } from './LanguagePicker';
import { useLocalName } from './names';

const yearKey = (y: FiscalYearInfo | null) => (y ? `${y.year ?? 'all'}:${y.startDate}` : '');

/**
 * Top bar: menu toggle, product name, branch and fiscal-year pickers, language, favorites, the user's menu
 * (change password, theme) and logout.
 */
export function Navbar() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const api = useApi();
  const localName = useLocalName();
  const profile = useShellSelector((s) => s.session.profile);
  const branchId = useShellSelector((s) => s.session.branchId);
  const fiscalYear = useShellSelector((s) => s.session.fiscalYear);
  const branches = useShellSelector((s) => s.workspace.branches);
  const years = useShellSelector((s) => s.workspace.fiscalYears);
  const navigate = useNavigate();
  const userMenu = useRef<Menu>(null);

  const logout = () => {
    // Spec section 4: logout clears token, profile and the chosen fiscal year, then /login (the guard's job).
    void api
      .post('Users/logout', { refreshToken: profile?.refreshToken }, { quiet: true })
      .catch(() => undefined);
    dispatch(signedOut());
    dispatch(workspaceCleared());
  };

  return (
    <header className="erp-navbar">
      <Button
        className="erp-navbar__toggle"
        icon="pi pi-bars"
        text
        rounded
        aria-label={t('nav.toggleMenu')}
        onClick={() => dispatch(menuToggled())}
      />
      <span className="erp-navbar__brand">{t('appName')}</span>
      <div className="erp-navbar__pickers">
        <label className="erp-picker">
          <span className="erp-picker__label">{t('nav.branch')}</span>
          <Picker
            ariaLabel={t('nav.branch')}
            value={branchId}
            options={branches.map((b) => ({ value: b.id, label: `${b.code} · ${localName(b)}` }))}
            onChange={(value) => dispatch(branchChosen(value))}
            disabled={branches.length === 0}
            testId="branch-picker"
          />
        </label>
        <label className="erp-picker">
          <span className="erp-picker__label">{t('nav.fiscalYear')}</span>
          <Picker
            ariaLabel={t('nav.fiscalYear')}
            value={yearKey(fiscalYear)}
            options={years.map((y) => ({
              value: yearKey(y),
              label: y.year === null ? t('nav.allYears') : String(y.year),
            }))}
            onChange={(value) => dispatch(fiscalYearChosen(years.find((y) => yearKey(y) === value) ?? null))}
            disabled={years.length === 0}
            testId="fiscal-year-picker"
          />
        </label>
        <LanguagePicker />
      </div>
      <FavoritesMenu />
      <Menu
        ref={userMenu}
        popup
        model={[
          {
            label: t('titles.changePassword'),
            icon: 'pi pi-key',
            command: () => navigate(pathTo('changePassword')),
          },
          {
            label: t('theme.title'),
            icon: 'pi pi-palette',
            command: () => dispatch(customizerToggled(true)),
          },
        ]}
      />
      <Button
        className="erp-navbar__user"
        text
        icon="pi pi-user"
        label={profile?.fullName || profile?.userName}
        title={profile?.userName}
        aria-haspopup="menu"
        onClick={(e) => userMenu.current?.toggle(e)}
        data-testid="user-menu"
      />
      <Button icon="pi pi-sign-out" label={t('nav.logout')} text onClick={logout} data-testid="logout" />
    </header>
  );
}
