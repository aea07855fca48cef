import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { loadable } from '@erp/ui-kit/src/loadable';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from '@erp/router';
import { loadFavorites } from '../favorites/favorites';
import { PageBar } from '../favorites/FavoriteStar';
import { branchChosen, fiscalYearChosen } from '../state/session';
import { useShellDispatch, useShellSelector } from '../state/store';
import { menuToggled } from '../state/ui';
import { loadWorkspace } from '../state/workspace';
import { customizerToggled } from '../theme/theme';
import { Footer } from './Footer';
import { HorizontalMenu } from './HorizontalMenu';
import { Navbar } from './Navbar';
import { RemoteProblems } from './RemoteProblems';
import { Sidebar } from './Sidebar';
import { localToday } from '@erp/i18n';

// The customizer's panel and controls load when it is first opened, not with every screen (issue 12).
const ThemeCustomizer = loadable(() =>
  import(/* webpackChunkName: "theme-customizer" */ '../theme/ThemeCustomizer').then(
    (m) => m.ThemeCustomizer,
  ),
);

/**
 * The signed-in layout: vertical (spec section 2's default: navbar, sidebar, page) or horizontal (navbar, menu
 * bar, page), with the theme's navbar, footer, collapsed menu and router transition. Loads the session's
 * workspace (branches, company, fiscal years) and favorites, and settles the branch and fiscal year.
 */
export function MainLayout() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const { pathname } = useLocation();
  const status = useShellSelector((s) => s.workspace.status);
  const favorites = useShellSelector((s) => s.favorites.status);
  const branches = useShellSelector((s) => s.workspace.branches);
  const years = useShellSelector((s) => s.workspace.fiscalYears);
  const branchId = useShellSelector((s) => s.session.branchId);
  const fiscalYear = useShellSelector((s) => s.session.fiscalYear);
  const menuOpen = useShellSelector((s) => s.ui.menuOpen);
  const theme = useShellSelector((s) => s.theme.prefs);
  const customizerOpened = useShellSelector((s) => s.theme.customizerOpen);
  const [customizerUsed, setCustomizerUsed] = useState(false);
  if (customizerOpened && !customizerUsed) setCustomizerUsed(true);

  // A new screen starts at its top: the page scrolls as a whole, and a menu entry low in the sidebar is reached
  // by scrolling down, which the next screen would otherwise keep (its title out of view).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (status === 'idle') void dispatch(loadWorkspace());
  }, [status, dispatch]);

  useEffect(() => {
    if (favorites === 'idle') void dispatch(loadFavorites());
  }, [favorites, dispatch]);

  useEffect(() => {
    if (status !== 'ready') return;
    // Spec section 6: non-admins see only their branches; keep the choice inside what the server returned.
    if (branches.length > 0 && !branches.some((b) => b.id === branchId)) {
      const usable = branches.find((b) => !b.isMaster) ?? branches[0]!;
      dispatch(branchChosen(usable.id));
    }
    const chosenStillOffered = fiscalYear && years.some((y) => y.year === fiscalYear.year);
    if (years.length > 0 && !chosenStillOffered) {
      const d = localToday();
      const current = years.find((y) => y.year !== null && y.startDate <= d && d <= y.endDate);
      dispatch(fiscalYearChosen(current ?? years.find((y) => y.year !== null) ?? years[0]!));
    }
  }, [status, branches, years, branchId, fiscalYear, dispatch]);

  const horizontal = theme.layout === 'horizontal';
  const classes = [
    'erp-layout',
    `is-${theme.layout}`,
    `navbar-${theme.navbarType}`,
    `footer-${theme.footerType}`,
    theme.menuCollapsed && !horizontal ? 'menu-collapsed' : '',
  ].filter(Boolean);

  return (
    <div className={classes.join(' ')} data-layout={theme.layout}>
      {theme.navbarType !== 'hidden' ? <Navbar /> : null}
      {horizontal ? <HorizontalMenu /> : null}
      <div className="erp-layout__body">
        {horizontal ? null : <Sidebar />}
        {menuOpen ? <div className="erp-scrim" onClick={() => dispatch(menuToggled(false))} /> : null}
        <div className="erp-layout__main">
          <main className="erp-content">
            <RemoteProblems />
            <PageBar />
            <div key={pathname} className={`erp-transition erp-transition--${theme.routerTransition}`}>
              <Outlet />
            </div>
          </main>
          {theme.footerType !== 'hidden' ? <Footer /> : null}
        </div>
      </div>
      <Button
        className="erp-customizer-toggle"
        icon="pi pi-cog"
        rounded
        aria-label={t('theme.title')}
        onClick={() => dispatch(customizerToggled())}
        data-testid="theme-toggle"
        data-no-capture=""
      />
      {customizerUsed ? <ThemeCustomizer /> : null}
    </div>
  );
}
