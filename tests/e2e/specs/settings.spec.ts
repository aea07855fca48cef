import { Buffer } from 'node:buffer';
import { expect, test } from '@playwright/test';
import { BranchesScreen } from '../pages/BranchesScreen';
import { ChangePasswordScreen } from '../pages/ChangePasswordScreen';
import { FeedbackModal } from '../pages/FeedbackModal';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ShellLayout } from '../pages/ShellLayout';
import { ThemeCustomizer } from '../pages/ThemeCustomizer';
import { UsersScreen } from '../pages/UsersScreen';
import { createUser, signInAsAdmin } from '../support/session';

/** The shell's own screens (issue 3): feedback, users, branches, passwords, theme, favorites. */
test.describe('settings screens', () => {
  // two sign-ins and several screens per journey
  test.describe.configure({ timeout: 60_000 });

  test('the feedback modal blocks an undescribed issue, refuses a big image and sends a ticket', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const feedback = new FeedbackModal(page);
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/SupportTicket')) posted += 1;
    });
    await feedback.button.click();
    await feedback.field('title').fill('الطابعة');
    await feedback.field('phone').fill('0551234567');
    await feedback.field('email').fill('clerk@example.com');
    await feedback.send.click();
    await expect(feedback.error('message')).toHaveText('يجب وصف المشكلة');
    expect(posted).toBe(0);

    // an image above 1 MiB is refused with the spec's message
    await feedback.file.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1024 * 1024 + 10),
    });
    await expect(feedback.imageError).toHaveText('حجم الملف يتجاوز 1 ميجابايت');

    // the camera hides the modal, captures the page and shows the 200x150 preview
    await feedback.capture.click();
    await expect(feedback.preview.locator('img')).toBeVisible({ timeout: 15_000 });
    await expect(feedback.preview.locator('img')).toHaveAttribute('width', '200');
    await page.screenshot({ path: 'test-results/feedback-ar.png' });

    await feedback.field('message').fill('الطابعة تتوقف بعد كل فاتورة');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/SupportTicket') && r.request().method() === 'POST',
    );
    await feedback.send.click();
    expect((await sent).status()).toBe(201);
    await expect(page.locator('.erp-toasts')).toContainText('تم الإرسال بنجاح');
    await expect(feedback.form).toHaveCount(0);

    // the ticket is listed with its image and translated status
    await page.goto('/support-tickets');
    const row = page.getByTestId('tickets-screen').locator('tbody tr', { hasText: 'الطابعة' }).first();
    await expect(row).toContainText('قيد المراجعة');
    await expect(row.locator('.pi-image')).toBeVisible();

    // hidden on the sign-in page
    await new ShellLayout(page).logout();
    await new LoginPage(page).expectShown();
    await expect(feedback.button).toHaveCount(0);
  });

  test('a user created with a few permissions sees only those screens', async ({ page }) => {
    await signInAsAdmin(page);
    const users = new UsersScreen(page);
    await users.goto();
    await page.screenshot({ path: 'test-results/users-ar.png', fullPage: true });
    await users.newButton.click();
    await expect(users.form).toBeVisible();

    // the spec's rules before anything is sent
    await users.fill({
      fullName: 'Nora Branch',
      userName: 'nora branch',
      password: 'weak',
      confirmPassword: 'x',
    });
    await users.save.click();
    await expect(users.error('userName')).toBeVisible();
    await expect(users.error('password')).toBeVisible();
    await expect(users.error('confirmPassword')).toHaveText('تأكيد كلمة المرور غير مطابق');
    await expect(users.form.locator('[data-field="user-branches"] .p-error')).toBeVisible();

    const suffix = String(Date.now()).slice(-6);
    const userName = `nora_${suffix}`;
    await users.fill({
      userName,
      phone: `055${suffix}1`, // a valid Saudi mobile whatever the clock (052 is not one)
      password: 'Branch!2026x',
      confirmPassword: 'Branch!2026x',
    });
    await users.chooseBranch('الفرع الرئيسي');
    await users.checkPermission('viewBranches');
    await users.checkPermission('viewCustomers');
    // select-all per group, then clear it again
    const settings = users.permissionGroup('settings');
    await settings.locator('#perm-group-settings').check({ force: true });
    await expect(users.form.locator('#perm-editCompany')).toBeChecked();
    await settings.locator('#perm-group-settings').uncheck({ force: true });
    await expect(users.form.locator('#perm-viewBranches')).not.toBeChecked();
    await users.checkPermission('viewBranches');
    await page.screenshot({ path: 'test-results/user-form-ar.png', fullPage: true });
    await users.save.click();
    await expect(page).toHaveURL(/\/users$/);
    await users.search.fill(userName);
    await expect(users.row(userName)).toBeVisible();

    // as that user: Branches in the menu, Users neither in the menu nor reachable
    await new ShellLayout(page).logout();
    const login = new LoginPage(page);
    await login.signIn(userName, 'Branch!2026x');
    await expect(page.getByTestId('home')).toBeVisible();
    const layout = new ShellLayout(page);
    await expect(layout.menuLink('الفروع')).toBeVisible();
    await expect(layout.menuLink('المستخدمون')).toHaveCount(0);
    await expect(layout.menuLink('سجل العمليات')).toHaveCount(0);
    await expect(layout.menuLink('أحداث النظام')).toHaveCount(0);
    await page.goto('/users');
    await new NotFoundPage(page).expectShown();
    // the events screen is for admins only, whatever the permissions
    await page.goto('/system-events');
    await new NotFoundPage(page).expectShown();
    // the branches list without the add permission shows no add, edit or delete
    await page.goto('/branches');
    const branches = new BranchesScreen(page);
    await expect(branches.list).toBeVisible();
    await expect(branches.list.getByTestId('branch-edit')).toHaveCount(0);
  });

  test('a 409 from the server shows the alert and keeps the form', async ({ page, request }) => {
    await createUser(request, 'dup_e2e', 'Dup!2026xy', []);
    await signInAsAdmin(page);
    const users = new UsersScreen(page);
    await page.goto('/users/new');
    await users.fill({
      fullName: 'Dup',
      userName: 'DUP_E2E',
      password: 'Other!2026x',
      confirmPassword: 'Other!2026x',
    });
    await users.chooseBranch('الفرع الرئيسي');
    await users.save.click();
    await expect(page.locator('.erp-alerts')).toContainText('اسم المستخدم هذا مستخدم مسبقًا');
    await expect(page).toHaveURL(/\/users\/new$/);
  });

  test('the master branch is read-only in /branches', async ({ page }) => {
    await signInAsAdmin(page);
    const branches = new BranchesScreen(page);
    await branches.goto();
    const master = branches.row('0');
    await expect(master.getByTestId('branch-preview')).toBeVisible();
    await expect(master.getByTestId('branch-edit')).toHaveCount(0);
    await expect(master.getByTestId('branch-delete')).toHaveCount(0);
    const main = branches.row('1');
    await expect(main.getByTestId('branch-edit')).toBeVisible();
    await expect(main.getByTestId('branch-preview')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/branches-ar.png', fullPage: true });

    await master.getByTestId('branch-preview').click();
    await expect(branches.form).toHaveAttribute('data-readonly', 'true');
    await expect(branches.form.getByTestId('master-read-only')).toBeVisible();
    await expect(branches.field('arabicName')).toBeDisabled();
    await expect(branches.form.getByTestId('save')).toHaveCount(0);

    // the main branch's national address follows the digit rules
    await page.goto('/branches');
    await branches.row('1').getByTestId('branch-edit').click();
    await branches.field('postalCode').fill('123');
    await branches.field('buildingNumber').fill('12a');
    await branches.form.getByTestId('save').click();
    await expect(branches.form.locator('#branch-postalCode-error')).toBeVisible();
    await expect(branches.form.locator('#branch-buildingNumber-error')).toBeVisible();
    await branches.field('postalCode').fill('12345');
    await branches.field('buildingNumber').fill('1234');
    await branches.field('city').fill('الرياض');
    await branches.form.getByTestId('save').click();
    await expect(page).toHaveURL(/\/branches$/);
    await expect(branches.row('1')).toContainText('الرياض');

    // the change is in the activity log, filtered by record type
    await page.goto('/logs');
    const logs = page.getByTestId('logs-screen');
    await logs.locator('[data-field="logs-entity"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: 'فرع' }).click();
    // the field by its label, not its property name (issue 12 item 6)
    const cityRow = logs.locator('tbody tr', { hasText: 'المدينة' }).first();
    await expect(cityRow).toContainText('الرياض');
    await expect(cityRow).toContainText('تعديل');
    await expect(cityRow).toContainText('admin');

    await page.goto('/subscription-data');
    await expect(page.getByTestId('subscription-screen')).toContainText('باقة الفوترة');
  });

  test('an admin sees the consumers and parked events and rebuilds the replicas (issue 10 item 3)', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.menuLink('أحداث النظام').click();
    const screen = page.getByTestId('system-events-screen');
    await expect(screen.locator('h1')).toHaveText('أحداث النظام');
    const consumers = screen.getByTestId('consumers-table');
    await expect(consumers).toContainText('المخزون');
    await expect(consumers.locator('[data-state="running"]').first()).toHaveText('تعمل');
    await expect(consumers.locator('[data-state="stopped"]')).toHaveCount(0);
    await expect(screen.getByTestId('dead-letters-table')).toContainText('لا توجد أحداث موقوفة');
    await screen.getByTestId('rebuild-replicas').click();
    await expect(screen.getByTestId('republished')).toContainText('الأحداث المنشورة:');
    await page.screenshot({ path: 'test-results/system-events-ar.png', fullPage: true });

    await layout.chooseLanguage('English');
    await expect(screen.locator('h1')).toHaveText('System events');
    await expect(consumers).toContainText('Inventory');
  });

  test('screens in English lay out left to right', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.chooseLanguage('English');
    await layout.expectDirection('ltr', 'en');
    await expect(layout.menuLink('Users')).toBeVisible();
    await new UsersScreen(page).goto();
    await expect(page.getByTestId('users-screen').locator('h1')).toHaveText('Users');
    await page.screenshot({ path: 'test-results/users-en.png', fullPage: true });
    await new BranchesScreen(page).goto();
    await expect(page.getByTestId('branches-screen')).toContainText('Head office');
    await page.screenshot({ path: 'test-results/branches-en.png', fullPage: true });
    await page.goto('/users/new');
    await expect(page.getByTestId('user-form')).toContainText('Sales');
    await page.screenshot({ path: 'test-results/user-form-en.png', fullPage: true });
  });

  test('a user changes their password from the user menu', async ({ page, request }) => {
    await createUser(request, 'pw_e2e', 'First!2026pw', []);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('pw_e2e', 'First!2026pw');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'تغيير كلمة المرور' }).click();
    const screen = new ChangePasswordScreen(page);
    await expect(screen.root).toBeVisible();
    await screen.field('oldPassword').fill('First!2026pw');
    await screen.field('newPassword').fill('pw_e2e!Aa1x');
    await screen.field('confirmPassword').fill('pw_e2e!Aa1x');
    await screen.save.click();
    await expect(screen.error('newPassword')).toHaveText('يجب ألا تحتوي كلمة المرور على اسم المستخدم');
    await screen.field('newPassword').fill('Second!2026pw');
    await screen.field('confirmPassword').fill('Second!2026p');
    await expect(screen.error('confirmPassword')).toBeVisible();
    await screen.field('confirmPassword').fill('Second!2026pw');
    await screen.save.click();
    await expect(page.locator('.erp-alerts')).toContainText('تم تغيير كلمة المرور');
    await new ShellLayout(page).logout();
    await login.signIn('pw_e2e', 'Second!2026pw');
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('the theme is remembered per user after a reload, and pages can be starred', async ({ page }) => {
    await signInAsAdmin(page);
    const theme = new ThemeCustomizer(page);
    await theme.toggle.click();
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/UserPreferences') &&
        r.request().method() === 'PUT' &&
        (r.request().postDataJSON() as { theme: { layout: string; skin: string } }).theme.layout ===
          'horizontal',
    );
    await theme.choose('skin', 'داكن');
    await theme.choose('layout', 'أفقي');
    await saved;
    await theme.close();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await expect(page.getByTestId('horizontal-menu')).toBeVisible();
    // a fresh browser state: the choices come back from the server
    await page.evaluate(() => {
      localStorage.removeItem('erp.theme');
      localStorage.removeItem('erp.preferencesPending');
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await expect(page.getByTestId('horizontal-menu')).toBeVisible();
    await page.goto('/users');
    await expect(page.getByTestId('users-screen').locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/theme-dark-horizontal.png' });

    // favorites: the star adds the page to the navbar's list and removes it again
    await page.goto('/company');
    await expect(page.getByTestId('company-screen')).toBeVisible();
    await page.getByTestId('favorite-star').click();
    await expect(page.getByTestId('favorite-star')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('favorites-menu').click();
    await expect(page.getByTestId('favorites-list')).toContainText('بيانات الشركة');
    await page.keyboard.press('Escape');
    await page.goto('/');
    await expect(page.getByTestId('home')).toContainText('بيانات الشركة');
    await page.goto('/company');
    await page.getByTestId('favorite-star').click();
    await expect(page.getByTestId('favorite-star')).toHaveAttribute('aria-pressed', 'false');
  });

  test('the forgotten-password page is open and confirms the mail', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByTestId('forget-password-link').click();
    await expect(page).toHaveURL(/\/ForgetPassword$/);
    await page.locator('#forget-email').fill('not-an-email');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.locator('#forget-email-error')).toBeVisible();
    await page.locator('#forget-email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.getByTestId('forget-password-sent')).toHaveText(/تم إرسال بريد بكلمة مرور جديدة/);
  });
});
