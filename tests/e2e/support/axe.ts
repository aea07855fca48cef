import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What fails a screen (issue 12 item 8): any critical or serious violation of WCAG 2 A and AA. */
const FAILING = new Set(['critical', 'serious']);

/** One line per violation: the rule, its impact and the first elements it was found on. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const found = await violations(page);
  if (found.length === 0) return [];
  // a screen part that arrived during the scan may still be fading in (its colours then fail contrast for a
  // quarter second): judged again once it has settled, so only what stays is reported
  await page.waitForTimeout(500);
  return violations(page);
}

async function violations(page: Page): Promise<string[]> {
  // axe.run in the page itself: the default (runPartial, then finishRun) opens a blank page for every analysis
  // (about a second each on these machines, nearly half of the walkthrough's time); the product's screens have no
  // cross-origin frame, the one case that needs it
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Runs axe on the screen as shown and fails on any critical or serious violation, naming the screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityProblems(page), `axe (wcag2a, wcag2aa) on ${screen}`).toEqual([]);
}
