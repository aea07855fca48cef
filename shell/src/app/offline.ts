import type { createShellServices } from './services';

/** The cache the service worker keeps the page's files and start reads in (public/sw.js's `CACHE`). */
const OFFLINE_CACHE = 'erp-shell-v1';

/**
 * The shell's service worker (public/sw.js): a till reloaded without a network opens again from what it kept
 * (issue 15 deliverable 7). Registered once the page has loaded, so it never competes with the first screen; not
 * in development (the dev server's files change under the same names). Signing out forgets what it kept, the
 * start reads of the user who leaves included.
 */
export function startOfflineWorker(services: ReturnType<typeof createShellServices>): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  let token = services.store.getState().session.token;
  services.store.subscribe(() => {
    const now = services.store.getState().session.token;
    if (token !== null && now === null && 'caches' in window)
      void caches.delete(OFFLINE_CACHE).catch(() => undefined);
    token = now;
  });
}
