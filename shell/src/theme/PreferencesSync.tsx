import { useEffect, useRef } from 'react';
import { isLanguage } from '@erp/i18n/src/client';
import { useApi } from '../app/ServicesContext';
import { useShellDispatch, useShellSelector } from '../state/store';
import { hijriShown, languageChosen, languageFromSignIn } from '../state/ui';
import { normaliseTheme, themeSynced, type ThemePreferences } from './theme';

interface Preferences {
  theme: ThemePreferences;
  language: string | null;
  showHijri?: boolean;
}

const SAVE_DELAY_MS = 300;
/** The user whose last change has not reached the server yet (a reload or navigation cut the save short). */
const PENDING_KEY = 'erp.preferencesPending';

function pendingFor(): string | null {
  try {
    return window.localStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function setPending(userId: string | null): void {
  try {
    if (userId) window.localStorage.setItem(PENDING_KEY, userId);
    else window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // storage blocked: the next load reads the server's choices
  }
}

/**
 * Keeps the signed-in user's theme and language in step with /api/UserPreferences: reads them once per user (the
 * language shown on the sign-in page wins and is saved; on a reload the server's language applies), then saves every change, debounced. A change whose
 * save was cut short by a reload is marked pending and sent on the next load instead of being overwritten.
 */
export function PreferencesSync() {
  const api = useApi();
  const dispatch = useShellDispatch();
  const userId = useShellSelector((s) => s.session.profile?.userId ?? null);
  const syncedFor = useShellSelector((s) => s.theme.syncedFor);
  const prefs = useShellSelector((s) => s.theme.prefs);
  const language = useShellSelector((s) => s.ui.language);
  const keepLanguage = useShellSelector((s) => s.ui.languageFromSignIn);
  const showHijri = useShellSelector((s) => s.ui.showHijri);
  const saved = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || syncedFor === userId) return;
    if (pendingFor() === userId) {
      // this browser holds a newer choice than the server: keep it, the save below sends it
      saved.current = null;
      dispatch(themeSynced({ userId, theme: prefs }));
      return;
    }
    let live = true;
    api.get<Preferences>('UserPreferences', undefined, { quiet: true }).then(
      (remote) => {
        if (!live) return;
        const lang = isLanguage(remote.language) ? remote.language : null;
        // a language chosen on the sign-in page wins, and the save below makes it the user's
        if (lang && !keepLanguage) dispatch(languageChosen(lang));
        dispatch(languageFromSignIn(false));
        const hijri = remote.showHijri === true;
        dispatch(hijriShown(hijri));
        dispatch(themeSynced({ userId, theme: remote.theme }));
        saved.current = JSON.stringify({
          theme: normaliseTheme(remote.theme),
          language: lang,
          showHijri: hijri,
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // prefs are read only when a user's sync starts
  }, [api, dispatch, userId, syncedFor]);

  useEffect(() => {
    if (!userId || syncedFor !== userId) return;
    const body = JSON.stringify({ theme: prefs, language, showHijri });
    if (saved.current === body) return;
    setPending(userId);
    const timer = setTimeout(() => {
      saved.current = body;
      api.put('UserPreferences', { theme: prefs, language, showHijri }, undefined, { quiet: true }).then(
        () => {
          if (saved.current === body) setPending(null);
        },
        () => {
          saved.current = null;
        },
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, userId, syncedFor, prefs, language, showHijri]);

  return null;
}
