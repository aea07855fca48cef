import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@erp/i18n/src/languages';
import { startRemotes } from '../remotes/early';
import { STORAGE_KEYS } from '../state/storage-keys';
import { isOpenPath, LOGIN } from './routing';

/**
 * The chunks of the screen the page opens on, asked for by the page entry alongside the bootstrap chunk, so the
 * first screen waits for no extra round trip (issue 12): the sign-in form on /login (its own chunk: a signed-in
 * user's screens never fetch it, nor PrimeReact's password field), otherwise the signed-in layout and the feature
 * app that owns the path (remotes/early.ts).
 */
export const loadLoginPage = () => import(/* webpackChunkName: "login" */ '../pages/LoginPage');
export const loadMainLayout = () => import(/* webpackChunkName: "main-layout" */ '../layout/MainLayout');

/** The language the page opens in: the stored one, else the default (as the store decides it). */
function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The texts the first render waits for (app/i18n.ts's AT_START), asked for with the bootstrap chunk instead of
 * after it: the same chunks ('texts-<language>-<namespace>'), which the i18n set-up then finds loaded or on the way.
 */
function startTexts(l: Language): Promise<unknown>[] {
  return [
    import(/* webpackChunkName: "texts-[request]" */ `../locales/${l}/shell.json`),
    import(/* webpackChunkName: "texts-[request]" */ `../theme/locales/${l}/theme.json`),
    import(/* webpackChunkName: "texts-[request]" */ `../feedback/locales/${l}/feedback.json`),
    import(/* webpackChunkName: "texts-[request]" */ `@erp/ui-kit/src/locales/${l}/ui.json`),
  ];
}

export function startFirstScreen(pathname: string): void {
  startRemotes(pathname);
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  for (const texts of startTexts(storedLanguage())) quiet(texts);
  if (pathname.toLowerCase() === LOGIN) quiet(loadLoginPage());
  else if (!isOpenPath(pathname)) quiet(loadMainLayout());
}
