import { Suspense } from 'react';
import { Outlet, Route, Routes } from '@erp/router';
import { loadable } from '@erp/ui-kit/src/loadable';
import { FullPage } from '../layout/FullPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteScreen } from '../remotes/RemoteScreen';
import { shellScreens } from '../settings/screens';
import { shellPaths, shellRoutes, type ShellScreen } from '../settings/shell-routes';
import { Loading, RedirectIfSignedIn, RequirePermission, RequireSession, Unmatched } from './guards';
import { useFeatureRouteTable } from './manifests';
import { loadLoginPage, loadMainLayout } from './first-screen';
import { LOGIN, NOT_FOUND } from './routing';

const LoginPage = loadable(() => loadLoginPage().then((m) => m.LoginPage), <Loading />);

const ForgetPasswordPage = loadable(
  () =>
    import(/* webpackChunkName: "forget-password" */ '../pages/ForgetPasswordPage').then(
      (m) => m.ForgetPasswordPage,
    ),
  <Loading />,
);

// The signed-in layout and home load after sign-in: the login form needs neither (issue 3: shell initial JS).
const MainLayout = loadable(() => loadMainLayout().then((m) => m.MainLayout), <Loading />);
const HomePage = loadable(
  () => import(/* webpackChunkName: "home" */ '../pages/HomePage').then((m) => m.HomePage),
  <Loading />,
);

const screenOf = Object.fromEntries(Object.entries(shellPaths).map(([k, v]) => [v, k])) as Record<
  string,
  Exclude<ShellScreen, 'forgetPassword'>
>;
const shellKeys = new Set(Object.values(shellPaths).map((p) => p.toLowerCase()));

/**
 * The route table: the shell's own routes (sign-in, home, the settings screens) and every feature route of the
 * loaded manifests, each behind the navigation rules of spec section 2 (session, permission, unknown path) in
 * its layout.
 */
export function AppRoutes() {
  const routes = useFeatureRouteTable().filter((e) => !shellKeys.has(e.route.path.toLowerCase()));
  const screen = (entry: (typeof routes)[number]) => (
    <RequirePermission permission={entry.route.permission}>
      <RemoteScreen remote={entry.remote} route={entry.route} />
    </RequirePermission>
  );
  const own = (layout: 'full' | 'main') =>
    shellRoutes
      .filter((r) => (r.layout === 'full') === (layout === 'full'))
      .map((r) => {
        const element = (
          <RequirePermission permission={r.permission}>{shellScreens[screenOf[r.path]!]()}</RequirePermission>
        );
        return (
          <Route
            key={r.path}
            path={r.path}
            element={layout === 'full' ? <FullPage>{element}</FullPage> : element}
          />
        );
      });
  // the screens' code arrives through `loadable`, not Suspense; the boundary stays for anything else that suspends
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route
          path={LOGIN}
          element={
            <RedirectIfSignedIn>
              <FullPage>
                <LoginPage />
              </FullPage>
            </RedirectIfSignedIn>
          }
        />
        <Route
          path={shellPaths.forgetPassword}
          element={
            <FullPage>
              <ForgetPasswordPage />
            </FullPage>
          }
        />
        <Route
          element={
            <RequireSession>
              <Outlet />
            </RequireSession>
          }
        >
          <Route
            path={NOT_FOUND}
            element={
              <FullPage>
                <NotFoundPage />
              </FullPage>
            }
          />
          <Route element={<MainLayout />}>
            <Route index element={<HomePage />} />
            {own('main')}
            {routes
              .filter((e) => e.route.layout !== 'full')
              .map((e) => (
                <Route key={e.route.path} path={e.route.path} element={screen(e)} />
              ))}
          </Route>
          {own('full')}
          {routes
            .filter((e) => e.route.layout === 'full')
            .map((e) => (
              <Route key={e.route.path} path={e.route.path} element={<FullPage>{screen(e)}</FullPage>} />
            ))}
        </Route>
        <Route path="*" element={<Unmatched />} />
      </Routes>
    </Suspense>
  );
}
