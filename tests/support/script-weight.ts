import { gzipSync } from 'node:zlib';
import type { Page, Request, Response } from '@playwright/test';

/** A script a page fetched: its path, its gzipped size and whether it was asked for before the work was done. */
export interface FetchedScript {
  pathname: string;
  gz: number;
  /** asked for while `work` ran (and before `ready` said so): what the first usable screen needed */
  early: boolean;
}

/**
 * The scripts `page` fetches while `work` runs and until the network is idle after it (chunks fetched after the
 * first paint too), each with its size gzipped at level 9: the JavaScript a screen costs (issue 12's budget of
 * 400 KB gz for a feature screen's cold load). Measured from the bodies, so it holds whatever the server's own
 * compression. Used by `pnpm bench:web` and by the journey that keeps the budget.
 */
export async function scriptsFetchedDuring(
  page: Page,
  work: () => Promise<void>,
  ready?: () => boolean,
): Promise<FetchedScript[]> {
  const seen: { pathname: string; early: boolean; gz: Promise<number> }[] = [];
  const early = new Set<Request>();
  let done = false;
  const onRequest = (req: Request) => {
    if (!done && !(ready?.() ?? false)) early.add(req);
  };
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    const gz = res.body().then(
      (b) => gzipSync(b, { level: 9 }).length,
      () => 0,
    );
    seen.push({ pathname: new URL(res.url()).pathname, early: early.has(res.request()), gz });
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await work();
    done = true;
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
  }
  return Promise.all(seen.map(async (s) => ({ pathname: s.pathname, early: s.early, gz: await s.gz })));
}

/** A size in KB with one decimal, as the figures are printed (a display of bytes, not an amount). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Waits until a screen is usable, as the weight and time figures count it: a document form's Save button and
 * lines grid, a list's table, the home page's menu.
 */
export async function screenShown(page: Page, kind: 'form' | 'list' | 'home'): Promise<void> {
  if (kind === 'form') {
    await page.getByTestId('doc-save').waitFor({ timeout: 30_000 });
    await page.getByTestId('doc-form').locator('table').first().waitFor({ timeout: 30_000 });
  } else if (kind === 'list') await page.locator('.p-datatable').first().waitFor({ timeout: 30_000 });
  else await page.locator('.erp-menu__group').first().waitFor({ timeout: 30_000 });
}
