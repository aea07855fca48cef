import { expect, test, type Browser, type Page } from '@playwright/test';
import { documentDefinitions, masterDataEntities, stockDocuments } from '@erp/contracts';
import { kb, screenShown, scriptsFetchedDuring } from '../../support/script-weight';
import { signInAsAdmin } from '../support/session';

/**
 * The first screens come fast and hold still (issue 12).
 *
 * Weight: a feature screen's cold load: a feature screen's cold load (an empty HTTP cache, signed in) fetches
 * at most 400 KB gz of JavaScript in all: the shell, the shared modules it uses and the feature app. Each
 * feature app's first list, a stock document's form and a sales invoice's form, in Arabic. `pnpm bench:web`
 * gives the same figures with their parts and times; this journey keeps the budget from creeping back (it
 * had: 418 KB for the sales, inventory and accounts lists, 415 KB for the transfer form).
 *
 * Stillness: nothing on the home page or a form moves once shown (layout shift, as Lighthouse counts
 * it): the menu used to fill in one feature app at a time, pushing its groups and the footer down (0.117 on the
 * home page, Lighthouse's 'good' is under 0.1).
 */
const BUDGET = 400 * 1024;
const SERVICES = ['sales', 'purchases', 'inventory', 'accounts', 'restaurant', 'concrete'];

const salesInvoices = documentDefinitions.find((d) => d.name === 'salesInvoices')!;
const screens: { route: string; form: boolean }[] = [
  ...SERVICES.map((service) => ({
    route: masterDataEntities.find((e) => e.service === service)!.route,
    form: false,
  })),
  { route: `${stockDocuments[0]!.route}/new`, form: true },
  { route: `${salesInvoices.route}/new`, form: true },
];

/** A cold page (an empty HTTP cache) of the signed-in admin, in Arabic, at a desktop size. */
async function coldPage(browser: Browser, baseURL: string | undefined, page: Page) {
  const storageState = await page.context().storageState();
  const context = await browser.newContext({
    baseURL,
    locale: 'ar',
    storageState,
    viewport: { width: 1350, height: 940 },
  });
  return { context, cold: await context.newPage() };
}

/** A screen opened cold and shown. */
async function shown(cold: Page, route: string, kind: 'form' | 'list' | 'home') {
  await cold.goto(route);
  await screenShown(cold, kind);
}

test("a feature screen's cold load fetches at most 400 KB gz of JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  for (const { route, form } of screens) {
    const { context, cold } = await coldPage(browser, baseURL, page);
    try {
      const scripts = await scriptsFetchedDuring(cold, () => shown(cold, route, form ? 'form' : 'list'));
      const total = scripts.reduce((sum, s) => sum + s.gz, 0);
      const largest = [...scripts]
        .sort((a, b) => b.gz - a.gz)
        .slice(0, 5)
        .map((s) => `${s.pathname} ${kb(s.gz)}`)
        .join(', ');
      expect
        .soft(total, `${route}: ${kb(total)} gz in ${scripts.length} scripts; largest: ${largest}`)
        .toBeLessThanOrEqual(BUDGET);
      expect(scripts.length, `${route}: no script seen`).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  }
});

/** Runs in the page from its start: every layout shift not caused by the user, summed as Lighthouse does. */
const SHIFTS = `window.erpShifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if (!e.hadRecentInput)
      window.erpShifts.push({ value: e.value, nodes: (e.sources || []).map((s) => s.node && s.node.className) });
}).observe({ type: 'layout-shift', buffered: true });`;

test('the home page and a form hold still while they load', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const kinds: [string, 'home' | 'list' | 'form'][] = [
    ['/', 'home'],
    // (a list is not here yet: its table's loading overlay moves it now and then, 0.25; see the note)
    [screens[screens.length - 2]!.route, 'form'],
  ];
  for (const [route, kind] of kinds) {
    const { context, cold } = await coldPage(browser, baseURL, page);
    try {
      await cold.addInitScript(SHIFTS);
      await shown(cold, route, kind);
      await cold.waitForLoadState('networkidle');
      const shifts = (await cold.evaluate(
        () => (window as unknown as { erpShifts: unknown[] }).erpShifts,
      )) as {
        value: number;
        nodes: string[];
      }[];
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect.soft(total, `${route}: layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.02);
    } finally {
      await context.close();
    }
  }
});
