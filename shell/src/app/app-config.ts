import { appConfigLoaded, type AppConfig } from '../state/ui';
import type { ShellDispatch } from '../state/store';

export const APP_CONFIG_URL = '/app-config.json';

/** Only an http(s) URL becomes a link: the config is data from the network. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The run-time settings (`{ supportChatUrl }`), read like /remotes.json; anything missing is left unset. */
export async function fetchAppConfig(url = APP_CONFIG_URL): Promise<AppConfig> {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = (await response.json()) as { supportChatUrl?: unknown } | null;
  return { supportChatUrl: httpUrl(body?.supportChatUrl) };
}

/** Reads the settings at start; without them the shell runs with nothing configured (no chat link). */
export async function loadAppConfig(dispatch: ShellDispatch): Promise<void> {
  try {
    dispatch(appConfigLoaded(await fetchAppConfig()));
  } catch {
    // an older gateway without /app-config.json: nothing configured
  }
}
