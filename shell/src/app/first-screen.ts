import { startRemotes } from '../remotes/early';
import { isOpenPath, LOGIN } from './routing';

/**
 * The chunks of the screen the page opens on, asked for by the page entry alongside the bootstrap chunk, so the
 * first screen waits for no extra round trip (issue 12): the sign-in form on /login (its own chunk: a signed-in
 * user's screens never fetch it, nor PrimeReact's password field), otherwise the signed-in layout and the feature
 * app that owns the path (remotes/early.ts).
 */
export const loadLoginPage = () => import(/* webpackChunkName: "login" */ '../pages/LoginPage');
export const loadMainLayout = () => import(/* webpackChunkName: "main-layout" */ '../layout/MainLayout');

export function startFirstScreen(pathname: string): void {
  startRemotes(pathname);
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  if (pathname.toLowerCase() === LOGIN) quiet(loadLoginPage());
  else if (!isOpenPath(pathname)) quiet(loadMainLayout());
}
