import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ProbeScreen } from '../pages/ProbeScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { withProbeRemote } from '../support/probe';
import { createUser, signInAsAdmin } from '../support/session';

/**
 * A federated screen end to end, with the test-only probe app served as another remote: its manifest feeds the
 * sidebar and the route table, its lifecycles mount as a single-spa parcel, and the shell's context reaches it.
 */
test.describe('feature app composition', () => {
  test.beforeEach(async ({ page }) => {
    await withProbeRemote(page);
  });

  test('a manifest route mounts as a parcel with the shell context, and follows the language', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.menuLink('الفحص').click();
    await expect(page).toHaveURL(/\/probe$/);
    const probe = new ProbeScreen(page);
    await probe.expectShown();
    await expect(probe.title).toHaveText('شاشة الفحص');
    await expect(probe.fact('language')).toContainText('ar');
    await expect(probe.fact('dir')).toContainText('rtl');
    await expect(probe.fact('branch')).toContainText('1');
    await expect(probe.fact('year')).toContainText(String(new Date().getFullYear()));
    await expect(probe.fact('admin')).toContainText('true');

    // the feature app calls the API through the shell's client (token and headers from the session)
    await probe.loadYears.click();
    await expect(probe.years).toHaveText(/^عدد السنوات: [1-9]\d*$/);

    // a new language reaches the mounted parcel as an update
    await layout.chooseLanguage('English');
    await expect(probe.title).toHaveText('Probe screen');
    await expect(probe.fact('dir')).toContainText('ltr');
    await expect(layout.menuLink('Probe')).toBeVisible();
  });

  test('a screen that throws stays inside its frame, translated, and the shell keeps working', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/probe/crash');
    await expect(page.locator('.erp-feature .erp-error-panel')).toContainText('توقفت هذه الشاشة عن العمل.');
    const layout = new ShellLayout(page);
    await layout.menuLink('الرئيسية').click();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a user without the route permission gets /error-404 and no menu entry', async ({ page, request }) => {
    await createUser(request, 'clerk_e2e', 'Clerk!2026x', ['viewCustomers']);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('clerk_e2e', 'Clerk!2026x');
    await expect(page.getByTestId('home')).toBeVisible();
    const layout = new ShellLayout(page);
    await expect(page.getByTestId('modules').locator('li[data-remote="mfe_probe"]')).toHaveAttribute(
      'data-status',
      'ready',
    );
    await expect(layout.menuLink('الفحص')).toHaveCount(0);
    await page.goto('/probe');
    await new NotFoundPage(page).expectShown();
  });
});
