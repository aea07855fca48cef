import { expect, test } from '@playwright/test';
import { PROVIDER_KEY } from '../playwright.config';
import { BranchesScreen } from '../pages/BranchesScreen';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { ShellLayout } from '../pages/ShellLayout';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Spec section 2: after sign-in, a new tenant without an invoice plan goes to its default branch's start-up
 * screen (/branches/startUp/{defaultBranchId}) in the full layout; saving the branch ends the start-up, and the
 * next sign-in goes home. The tenant is provisioned as the SaaS operator does it (/api/provider/tenants).
 */
test('a new tenant starts on its default branch, in the full layout, until the branch is saved', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const userName = `owner${suffix}`;
  const password = 'Own3r!Start-up';
  const provisioned = await page.request.post('/api/provider/tenants', {
    headers: { 'X-Provider-Key': PROVIDER_KEY },
    data: {
      name: `Start-up ${suffix}`,
      adminUserName: userName,
      adminPassword: password,
      subscriptionStart: day(-1),
      subscriptionEnd: day(365),
      isInvoicePlan: false,
    },
  });
  expect(provisioned.status(), await provisioned.text()).toBe(201);
  expect(await provisioned.json()).toMatchObject({ isNew: true, isInvoicePlan: false });

  const login = new LoginPage(page);
  await login.goto();
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/Users/auth'));
  await login.signIn(userName, password);
  const profile = (await (await signedIn).json()) as {
    defaultBranchId: string;
    isNewTenant: boolean;
    isInvoicePlan: boolean;
  };
  expect(profile).toMatchObject({ isNewTenant: true, isInvoicePlan: false });

  // the start-up screen: the default branch's form, full page (no sidebar, no navbar)
  await expect(page).toHaveURL(new RegExp(`/branches/startUp/${profile.defaultBranchId}$`));
  const branches = new BranchesScreen(page);
  await expect(branches.form).toBeVisible();
  await expect(page.locator('.erp-startup')).toBeVisible();
  const layout = new ShellLayout(page);
  await expect(layout.sidebar).toHaveCount(0);
  await expect(layout.navbar).toHaveCount(0);
  await expect(branches.field('code')).toHaveValue('1');
  await page.screenshot({ path: 'test-results/startup-ar.png' });

  // saving the default branch ends the start-up: home, in the vertical layout
  await branches.field('englishName').fill(`Main branch ${suffix}`);
  await branches.field('city').fill('الرياض');
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/Branches/${profile.defaultBranchId}`) && r.request().method() === 'PUT',
  );
  await branches.form.getByTestId('save').click();
  expect((await saved).status()).toBe(200);
  const home = new HomePage(page);
  await home.expectShown();
  await expect(layout.sidebar).toBeVisible();

  // the tenant is no longer new: the next sign-in goes home
  await layout.logout();
  await login.expectShown();
  const again = page.waitForResponse((r) => r.url().endsWith('/api/Users/auth'));
  await login.signIn(userName, password);
  expect(((await (await again).json()) as { isNewTenant: boolean }).isNewTenant).toBe(false);
  await home.expectShown();
});
