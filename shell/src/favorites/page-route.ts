import { matchPath, useLocation } from '@erp/router';
import { useFeatureRouteTable } from '../app/manifests';
import { SHELL_NAMESPACE, shellRoutes } from '../settings/shell-routes';

/** The route of the page on screen, with the namespace its title key lives in; null on home and unknown paths. */
export function usePageRoute(): { titleKey: string; ns: string; pattern: string } | null {
  const { pathname } = useLocation();
  const features = useFeatureRouteTable();
  for (const route of shellRoutes) {
    if (matchPath({ path: route.path, caseSensitive: false }, pathname)) {
      return { titleKey: route.titleKey, ns: SHELL_NAMESPACE, pattern: route.path };
    }
  }
  for (const entry of features) {
    if (matchPath({ path: entry.route.path, caseSensitive: false }, pathname)) {
      return { titleKey: entry.route.titleKey, ns: entry.remote, pattern: entry.route.path };
    }
  }
  return null;
}
