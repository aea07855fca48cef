import type { LoginProfile } from '@erp/contracts';
import type { Language } from '@erp/i18n';
import { isLanguage } from '@erp/i18n/src/client';
import type { FiscalYearInfo } from '@erp/ui-kit/src/declare';
import { normaliseTheme, type ThemePreferences } from '../theme/theme';
import { STORAGE_KEYS } from './storage-keys';

export { STORAGE_KEYS };

/** The profile as stored: the login profile without its access token (kept under its own key). */
export type StoredProfile = Omit<LoginProfile, 'token'>;

export interface Persisted {
  token: string | null;
  profile: StoredProfile | null;
  language: Language | null;
  branchId: string | null;
  fiscalYear: FiscalYearInfo | null;
  theme: ThemePreferences | null;
}

function read<T>(key: string, parse: (raw: string) => T | null): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : parse(raw);
  } catch {
    return null;
  }
}

const json = (raw: string): unknown => JSON.parse(raw);

export function loadPersisted(): Persisted {
  const profile = read(STORAGE_KEYS.userData, (raw) => {
    const p = json(raw) as Partial<StoredProfile> | null;
    return p && typeof p.userId === 'string' && typeof p.userName === 'string' ? (p as StoredProfile) : null;
  });
  const token = read(STORAGE_KEYS.accessToken, (raw) => raw || null);
  return {
    token: profile ? token : null,
    profile: token ? profile : null,
    language: read(STORAGE_KEYS.language, (raw) => (isLanguage(raw) ? raw : null)),
    branchId: read(STORAGE_KEYS.branchId, (raw) => raw || null),
    fiscalYear: read(STORAGE_KEYS.currentYear, (raw) => {
      const y = json(raw) as FiscalYearInfo | null;
      return y && typeof y.startDate === 'string' ? y : null;
    }),
    theme: read(STORAGE_KEYS.theme, (raw) => normaliseTheme(json(raw))),
  };
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the session still works for this tab
  }
}

let last: Persisted | null = null;

/** Writes what changed since the last call (called on every store change). */
export function savePersisted(next: Persisted): void {
  if (last?.token !== next.token) write(STORAGE_KEYS.accessToken, next.token);
  if (last?.profile !== next.profile) {
    write(STORAGE_KEYS.userData, next.profile ? JSON.stringify(next.profile) : null);
  }
  if (last?.language !== next.language) write(STORAGE_KEYS.language, next.language);
  if (last?.branchId !== next.branchId) write(STORAGE_KEYS.branchId, next.branchId);
  if (last?.fiscalYear !== next.fiscalYear) {
    write(STORAGE_KEYS.currentYear, next.fiscalYear ? JSON.stringify(next.fiscalYear) : null);
  }
  if (last?.theme !== next.theme) write(STORAGE_KEYS.theme, next.theme ? JSON.stringify(next.theme) : null);
  last = next;
}
