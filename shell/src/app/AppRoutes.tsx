import { Outlet, Route, Routes } from 'react-router-dom';
import { FullPage } from '../layout/FullPage';
import { VerticalLayout } from '../layout/VerticalLayout';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteScreen } from '../remotes/RemoteScreen';
import { RedirectIfSignedIn, RequirePermission, RequireSession, Unmatched } from './guards';
import { useFeatureRouteTable } from './manifests';
import { LOGIN, NOT_FOUND } from './routing';

/**
 * The route table: the shell's own routes and every feature route of the loaded manifests, each behind the
 * navigation rules of spec section 2 (session, permission, unknown path) in its layout.
 */
export function AppRoutes() {
  const routes = useFeatureRouteTable();
  const screen = (entry: (typeof routes)[number]) => (
    <RequirePermission permission={entry.route.permission}>
      <RemoteScreen remote={entry.remote} route={entry.route} />
    </RequirePermission>
  );
  return (
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
        <Route element={<VerticalLayout />}>
          <Route index element={<HomePage />} />
          {routes
            .filter((e) => e.route.layout !== 'full')
            .map((e) => (
              <Route key={e.route.path} path={e.route.path} element={screen(e)} />
            ))}
        </Route>
        {routes
          .filter((e) => e.route.layout === 'full')
          .map((e) => (
            <Route key={e.route.path} path={e.route.path} element={<FullPage>{screen(e)}</FullPage>} />
          ))}
      </Route>
      <Route path="*" element={<Unmatched />} />
    </Routes>
  );
}
