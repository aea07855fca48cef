import { perLanguage } from '@erp/i18n/src/client';

/**
 * The shell's texts: its own 'shell' namespace (layout, sign-in, home, the settings menu) and one namespace per
 * feature folder that owns screens (users, branches, settings pages, feedback, theme), each JSON beside its code.
 * The components ask 'shell' for every key; the instance looks a key up in the others next (`fallbackNS`), so
 * a screen's texts moved to its folder's namespace keep their keys. One chunk per language and namespace
 * ('texts-<language>-<namespace>'), fetched for the language shown only.
 */
export const shellNamespaces = {
  shell: perLanguage((l) => import(/* webpackChunkName: "texts-[request]" */ `./${l}/shell.json`)),
  users: perLanguage(
    (l) => import(/* webpackChunkName: "texts-[request]" */ `../users/locales/${l}/users.json`),
  ),
  branches: perLanguage(
    (l) => import(/* webpackChunkName: "texts-[request]" */ `../branches/locales/${l}/branches.json`),
  ),
  settings: perLanguage(
    (l) => import(/* webpackChunkName: "texts-[request]" */ `../pages/settings/locales/${l}/settings.json`),
  ),
  feedback: perLanguage(
    (l) => import(/* webpackChunkName: "texts-[request]" */ `../feedback/locales/${l}/feedback.json`),
  ),
  theme: perLanguage(
    (l) => import(/* webpackChunkName: "texts-[request]" */ `../theme/locales/${l}/theme.json`),
  ),
};
