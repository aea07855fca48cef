import { expect, test, type Page } from '@playwright/test';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ShellLayout } from '../pages/ShellLayout';
import { signInAsAdmin } from '../support/session';

const REMOTES = [
  'mfe_sales',
  'mfe_purchases',
  'mfe_inventory',
  'mfe_accounts',
  'mfe_restaurant',
  'mfe_concrete',
];

/** The text chunks the page fetches, as '<language>/<namespace>' (chunks 'texts-<language>-<namespace>-json'). */
function watchTextChunks(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/texts-([a-z]{2})-(\w+)-json\.[^/]*\.js$/.exec(new URL(r.url()).pathname);
    if (m) fetched.push(`${m[1]}/${m[2]}`);
  });
  return fetched;
}

test.describe('shell journeys', () => {
  test('an admin signs in and lands on home in Arabic, right to left', async ({ page }) => {
    const home = await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.expectDirection('rtl', 'ar');
    await expect(home.heading).toHaveText('أهلاً، admin');
    await expect(layout.navbar).toContainText('تسجيل الخروج');
    await expect(page.getByTestId('branch-picker')).toContainText('الفرع الرئيسي');
    await home.waitForModules();
    await page.screenshot({ path: 'test-results/home-ar.png', fullPage: true });
  });

  test('a screen opened from an entry low in the sidebar starts at its top', async ({ page }) => {
    // a low window: the home page is longer than it, so the page itself scrolls (the desktop sidebar, one
    // screen high, scrolls on its own to its last entry)
    await page.setViewportSize({ width: 1280, height: 420 });
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const last = layout.sidebar.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const target = await last.getAttribute('href');
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('main h1').first()).toBeInViewport();
  });

  test('switching to English lays the page out left to right and persists', async ({ page }) => {
    const home = await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    await layout.expectDirection('ltr', 'en');
    await expect(home.heading).toHaveText('Welcome, admin');
    await expect(layout.logoutButton).toHaveText('Log out');
    await home.waitForModules();
    await page.screenshot({ path: 'test-results/home-en.png', fullPage: true });
    await page.reload();
    await layout.expectDirection('ltr', 'en');
    await expect(home.heading).toHaveText('Welcome, admin');
    // Kurdish is right to left too
    await layout.chooseLanguage('کوردی');
    await layout.expectDirection('rtl', 'ku');
    await expect(home.heading).toHaveText('بەخێربێیت، admin');
  });

  test('texts come one language and namespace at a time: the language shown only, then the one chosen', async ({
    page,
  }) => {
    const fetched = watchTextChunks(page);
    await signInAsAdmin(page);
    // a page opened on a feature app's screen: the shell's namespaces and the app's own, in the same language
    fetched.length = 0;
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'حركات المخزون' })).toBeVisible();
    expect(fetched).toEqual(expect.arrayContaining(['ar/shell', 'ar/ui', 'ar/mfe_inventory']));
    expect(fetched).not.toContain('ar/users'); // a settings screen's texts come with that screen
    expect(fetched.filter((c) => !c.startsWith('ar/'))).toEqual([]);
    // each once per bundle: the shell and the app each bundle the kit (it is not shared), so 'ui' may come twice
    expect(fetched.filter((c) => c === 'ar/ui').length).toBeLessThanOrEqual(2);
    const others = fetched.filter((c) => c !== 'ar/ui');
    expect(new Set(others).size).toBe(others.length);

    const before = fetched.length;
    await new ShellLayout(page).chooseLanguage('Français');
    await expect(page.getByRole('heading', { name: 'Mouvements de stock' })).toBeVisible();
    const after = fetched.slice(before);
    expect(after).toEqual(expect.arrayContaining(['fr/shell', 'fr/ui', 'fr/mfe_inventory']));
    expect(after.filter((c) => !c.startsWith('fr/'))).toEqual([]);

    // the users screen, opened in French, brings its namespace in French only
    fetched.length = 0;
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Utilisateurs' }).first()).toBeVisible();
    expect(fetched).toEqual(expect.arrayContaining(['fr/shell', 'fr/users']));
    expect(fetched.filter((c) => !c.startsWith('fr/'))).toEqual([]);
  });

  test('a wrong password shows the spec alert and stays on /login', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin', 'not-the-password');
    await expect(login.alert).toContainText('غير مصرح');
    await expect(login.alert).toContainText('اسم المستخدم أو كلمة المرور غير صحيحة');
    await login.expectShown();
    // the alert goes after 2 seconds (spec section 9)
    await expect(login.alert).toHaveCount(0, { timeout: 4000 });
  });

  test('the user name follows the contracts rule before anything is sent', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    let calls = 0;
    await page.route('**/api/Users/auth', (route) => {
      calls += 1;
      return route.continue();
    });
    await login.signIn('bad name!', 'whatever');
    await expect(page.locator('#login-user-name-error')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('navigation rules: signed out goes to /login, unknown paths to /error-404, /login goes home', async ({
    page,
  }) => {
    await page.goto('/some/unknown/page');
    await new LoginPage(page).expectShown();
    await signInAsAdmin(page);
    await page.goto('/no-such-screen');
    const notFound = new NotFoundPage(page);
    await notFound.expectShown();
    await expect(notFound.root).toContainText('الصفحة غير موجودة');
    await notFound.backHome.click();
    await new HomePage(page).expectShown();
    await page.goto('/login');
    await new HomePage(page).expectShown();
  });

  test('logout clears the session and returns to /login', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.logout();
    await new LoginPage(page).expectShown();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('erp.accessToken'),
      profile: localStorage.getItem('erp.userData'),
      year: localStorage.getItem('erp.currentYear'),
    }));
    expect(stored).toEqual({ token: null, profile: null, year: null });
    await page.goto('/');
    await new LoginPage(page).expectShown();
  });

  test('a token the server refuses signs the user out with an alert', async ({ page }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('erp.accessToken', 'forged.token.value'));
    await page.reload();
    const login = new LoginPage(page);
    await login.expectShown();
    await expect(login.alert).toContainText('غير مصرح');
  });

  test('every feature app registers through the run-time remotes config', async ({ page }) => {
    const home = await signInAsAdmin(page);
    const config = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual([...REMOTES].sort());
    for (const remote of REMOTES) await home.expectModuleStatus(remote, 'ready');
    // the shell's own screens sit in the Settings group
    const settings = new ShellLayout(page).sidebar.locator('[data-group="settings"]');
    for (const label of [
      'المستخدمون',
      'الفروع',
      'الشركة',
      'سجل العمليات',
      'تذاكر الدعم',
      'بيانات الاشتراك',
    ]) {
      await expect(settings.getByRole('link', { name: label })).toBeVisible();
    }
  });

  test('a feature app that fails to load shows a translated error with a retry; the shell keeps working', async ({
    page,
  }) => {
    // the menu reads the app's manifest.json; its code (remoteEntry.js) loads when one of its screens opens
    const accounts = /\/mfe\/mfe_accounts\/(manifest\.json|remoteEntry\.js)/;
    await page.route(accounts, (route) => route.abort('failed'));
    const home = await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const problem = layout.remoteProblem('mfe_accounts');
    await expect(problem).toContainText('تعذّر تحميل وحدة الحسابات.');
    await home.expectModuleStatus('mfe_accounts', 'failed');
    await home.expectModuleStatus('mfe_sales', 'ready');

    // the rest keeps working: language, navigation
    await layout.chooseLanguage('English');
    await expect(problem).toContainText('The Accounts module could not be loaded.');
    await page.evaluate(() => {
      history.pushState({}, '', '/no-such-screen');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const notFound = new NotFoundPage(page);
    await notFound.expectShown();
    await notFound.backHome.click();
    await home.expectShown();

    // the remote comes back: retry loads it
    await page.unroute(accounts);
    await layout.remoteProblem('mfe_accounts').getByRole('button', { name: 'Try again' }).click();
    await home.expectModuleStatus('mfe_accounts', 'ready');
    await expect(layout.remoteProblems).toHaveCount(0);
  });
});
