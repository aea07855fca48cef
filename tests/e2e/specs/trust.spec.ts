import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DocumentScreen } from '../pages/DocumentScreen';
import { ItemsReportsScreen } from '../pages/ItemsReportsScreen';
import { LoginPage } from '../pages/LoginPage';
import { ShellLayout } from '../pages/ShellLayout';
import { adminApi } from '../support/master-data';
import { createUser, signInAsAdmin } from '../support/session';

/**
 * Screens a storekeeper trusts (issue 12 items 1, 3, 5, 9): names never ids (for a user who may not read the
 * stores, items or units a transfer names, and in a report whose name lists answer late), nothing floating over
 * an action, totals in main units, and the small things a user notices.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const KEEPER_PASSWORD = 'Trans#2026fer';

function runNames() {
  const tag = Number(`${Date.now()}`.slice(-8)).toString(36);
  return {
    tag,
    piece: `حبة ${tag}`,
    carton: `كرتون ${tag}`,
    from: `مخزن الاستلام ${tag}`,
    to: `مخزن المعرض ${tag}`,
    item: `زيت ${tag}`,
  };
}

/** A transfer of 5 cartons (of 24) and 10 pieces between two stores, arranged through the API. */
async function arrangeTransfer(page: Page) {
  const n = runNames();
  const api = await adminApi(page.request);
  const piece = await api.post('/api/Units', { arabicName: n.piece, englishName: `Piece ${n.tag}` });
  const carton = await api.post('/api/Units', { arabicName: n.carton, englishName: `Carton ${n.tag}` });
  const category = await api.post('/api/ItemCategories', { arabicName: `زيوت ${n.tag}` });
  const from = await api.post('/api/Stores', { arabicName: n.from, branchId: api.branchId });
  const to = await api.post('/api/Stores', { arabicName: n.to, branchId: api.branchId });
  const item = await api.post<{ id: string; code: string }>('/api/Items', {
    arabicName: n.item,
    barcode: `77${Date.now()}`.slice(0, 13),
    categoryId: category.id,
    mainUnitId: piece.id,
    units: [{ unitId: carton.id, conversionRate: '24' }],
  });
  const date = new Date().toISOString().slice(0, 10);
  await api.post('/api/AdditionOrders', {
    date,
    storeId: from.id,
    lines: [{ itemId: item.id, unitId: carton.id, quantity: '10', unitCost: '24' }],
  });
  const transfer = await api.post<{ id: string; code: string }>('/api/StorageTransfers', {
    date,
    storeId: from.id,
    toStoreId: to.id,
    lines: [
      { itemId: item.id, unitId: carton.id, quantity: '5' },
      { itemId: item.id, unitId: piece.id, quantity: '10' },
    ],
  });
  return { n, transfer, item, piece, carton };
}

test.describe('names never ids', () => {
  test('a user with only the transfer permissions sees names in the list and the document, and 130 pieces', async ({
    page,
  }) => {
    const { n, transfer, item } = await arrangeTransfer(page);
    const userName = `keeper${n.tag}`;
    await createUser(page.request, userName, KEEPER_PASSWORD, [
      'viewStorageTransfer',
      'addStorageTransfer',
      'editStorageTransfer',
    ]);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(userName, KEEPER_PASSWORD);
    await expect(page.getByTestId('home')).toBeVisible();

    await page.goto('/storage-transfer');
    const docs = new DocumentScreen(page);
    await docs.expectList('storageTransfers');
    const row = docs.rows.filter({ hasText: n.from });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(n.to);
    await expect(docs.list.locator('.p-datatable-tbody')).not.toContainText(UUID);
    // the list's quantity is in the item's main unit, named though this user may not read units
    await expect(row.getByTestId('doc-list-quantity')).toHaveText(`130 ${n.piece}`);

    await page.goto(`/storage-transfer/edit/${transfer.id}`);
    await expect(docs.form).toBeVisible();
    await expect(docs.headerField('storeId')).toContainText(n.from);
    await expect(docs.headerField('toStoreId')).toContainText(n.to);
    await expect(docs.input(0, 'itemId')).toHaveValue(`${item.code} · ${n.item}`);
    await expect(docs.cell(0, 'unitId')).toContainText(n.carton);
    await expect(docs.cell(1, 'unitId')).toContainText(n.piece);
    // the lookups this user may not make were refused, and the screen still shows no id
    expect(refused.some((p) => /\/api\/(Stores|Units|Items)/.test(p))).toBe(true);
    await expect(docs.form).not.toContainText(UUID);
    for (const field of ['storeId', 'toStoreId'])
      await expect(docs.headerField(field).locator('.p-dropdown-label')).not.toHaveText(UUID);
    // 5 cartons of 24 and 10 pieces are 130 pieces, never 15
    await expect(page.getByTestId('doc-total-quantity')).toContainText(`130 ${n.piece}`);
    // 15 as a number of its own: a string is trimmed before it is looked for, so '15 ' also found the run's tag
    // (the clock's last digits in base 36, '153v5h' for half an hour a day)
    await expect(page.getByTestId('doc-total-quantity')).not.toContainText(/(^|\s)15(\s|$)/);
  });

  test('a document list shows the quantities per main unit, never a sum across units (item 5)', async ({
    page,
  }) => {
    const { n, item, piece, carton } = await arrangeTransfer(page);
    const api = await adminApi(page.request);
    const kg = await api.post('/api/Units', { arabicName: `كغ ${n.tag}`, englishName: `kg ${n.tag}` });
    const category = await api.post('/api/ItemCategories', { arabicName: `حبوب ${n.tag}` });
    const rice = await api.post<{ id: string }>('/api/Items', {
      arabicName: `أرز ${n.tag}`,
      barcode: `78${Date.now()}`.slice(0, 13),
      categoryId: category.id,
      mainUnitId: kg.id,
    });
    const store = await api.post('/api/Stores', {
      arabicName: `مخزن الخليط ${n.tag}`,
      branchId: api.branchId,
    });
    // 5 cartons of 24 and 10 pieces of oil with 2.5 kg of rice: 130 pieces + 2.5 kg, never 17.5 nor 132.5
    await api.post('/api/AdditionOrders', {
      date: new Date().toISOString().slice(0, 10),
      storeId: store.id,
      lines: [
        { itemId: item.id, unitId: carton.id, quantity: '5', unitCost: '24' },
        { itemId: item.id, unitId: piece.id, quantity: '10', unitCost: '1' },
        { itemId: rice.id, unitId: kg.id, quantity: '2.5', unitCost: '4' },
      ],
    });
    await signInAsAdmin(page);
    await page.goto('/addition-order');
    const docs = new DocumentScreen(page);
    await docs.expectList('additionOrders');
    const row = docs.rows.filter({ hasText: `مخزن الخليط ${n.tag}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('doc-list-quantity')).toHaveText(`130 ${n.piece} + 2.5 كغ ${n.tag}`);
  });

  test('the stock balance searched as the page loads, its name lists answering late, shows names', async ({
    page,
  }) => {
    const { n } = await arrangeTransfer(page);
    await signInAsAdmin(page);
    // the stores and units lists answer after the report (the race the issue measured)
    await page.route(/\/api\/(Stores|Units)(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 2_500));
      await route.continue();
    });
    await page.goto('/items-reports');
    const reports = new ItemsReportsScreen(page);
    await reports.panel.getByTestId('report-search').fill(n.item);
    const row = reports.rows.filter({ hasText: n.item }).filter({ hasText: n.to });
    await expect(row).toHaveCount(1);
    // before the lists answer, the row already names its store and unit
    const cells = await reports.cells(row);
    expect(cells.join(' ')).not.toMatch(UUID);
    expect(cells).toContain(n.to);
    expect(cells).toContain(n.piece);
    expect(cells).toContain('130');
    // the breakdown beside the main-unit figure: 5 cartons + 10 pieces
    expect(cells).toContain(`5 ${n.carton} + 10 ${n.piece}`);
    // and after they answer, still names
    await page.waitForTimeout(3_000);
    expect((await reports.cells(row)).join(' ')).not.toMatch(UUID);
  });
});

test.describe('nothing floating covers an action', () => {
  for (const language of ['ar', 'en'] as const)
    for (const width of [1280, 768])
      test(`no fixed element overlaps the document form's action bar (${language}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await signInAsAdmin(page);
        if (language === 'en') await new ShellLayout(page).chooseLanguage('English');
        await page.goto('/storage-transfer/new');
        const save = page.getByTestId('doc-save');
        await expect(save).toBeVisible();
        await expect(page.getByTestId('feedback-button')).toBeVisible();
        // the bar at the bottom of the window (where the floating button sits) and mid-way (a sticky header
        // covering what scrolled under it is not an overlap)
        for (const where of ['end', 'center'] as const) {
          await save.evaluate((el, block) => el.scrollIntoView({ block }), where);
          const overlaps = await page.evaluate(() => {
            const box = (el: Element) => el.getBoundingClientRect();
            const hit = (a: DOMRect, b: DOMRect) =>
              a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            const buttons = [...document.querySelectorAll('.erp-md__actions button')];
            const floating = [...document.querySelectorAll('body *')].filter((el) => {
              const position = getComputedStyle(el).position;
              return (
                (position === 'fixed' || position === 'sticky') &&
                !el.closest('.erp-md__actions') &&
                box(el).width > 0 &&
                getComputedStyle(el).visibility !== 'hidden'
              );
            });
            const found: string[] = [];
            for (const b of buttons)
              for (const f of floating)
                if (!f.contains(b) && hit(box(b), box(f)))
                  found.push(`${b.textContent?.trim()} under ${f.className || f.tagName}`);
            return found;
          });
          expect(overlaps, `scrolled to the ${where}`).toEqual([]);
        }
      });
});

test.describe('small things a user notices', () => {
  test('the password box is as wide as the user name box on /login', async ({ page }) => {
    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const login = new LoginPage(page);
      await login.goto();
      const user = await login.userName.boundingBox();
      const password = await login.password.boundingBox();
      expect(Math.abs(user!.width - password!.width), `at ${width} px`).toBeLessThan(1);
      expect(Math.abs(user!.x - password!.x), `at ${width} px`).toBeLessThan(1);
    }
  });

  test('a new store starts at the current branch and a new item at the standard VAT', async ({ page }) => {
    const api = await adminApi(page.request);
    const taxes = await api.get<{ items: { id: string; category: string; arabicName: string }[] }>(
      '/api/Taxes?pageSize=100',
    );
    const standard = taxes.items.find((t) => t.category === 'S');
    expect(standard, 'a new tenant has the standard VAT').toBeTruthy();
    await signInAsAdmin(page);
    await page.goto('/warehouses');
    await page.getByTestId('md-new').click();
    const branch = page.locator('[data-field="branchId"] .p-dropdown-label');
    await expect(branch).not.toHaveText(/^$|اختر|—/);
    await page.goto('/Items');
    await page.getByTestId('md-new').click();
    await expect(page.locator('[data-field="taxId"] .p-dropdown-label')).toHaveText(standard!.arabicName);
  });

  test('the home page names the feature apps by a word no menu entry uses', async ({ page }) => {
    const home = await signInAsAdmin(page);
    const heading = (await home.modules.locator('h2').innerText()).trim();
    await expect(new ShellLayout(page).sidebar.getByRole('link', { name: heading, exact: true })).toHaveCount(
      0,
    );
  });

  test('the language chosen on the sign-in page is kept after sign-in and saved', async ({ page }) => {
    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    const english = page.waitForResponse(
      (r) => r.url().endsWith('/api/UserPreferences') && r.request().method() === 'PUT',
    );
    await layout.chooseLanguage('English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await english;
    await layout.logout();
    const login = new LoginPage(page);
    await login.expectShown();
    // on the sign-in page the user picks French; after sign-in the page stays French, not English
    await page.getByTestId('language-picker').click();
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/UserPreferences') &&
        r.request().method() === 'PUT' &&
        (r.request().postDataJSON() as { language: string }).language === 'fr',
    );
    await login.signIn('admin', (await import('../support/session')).ADMIN_PASSWORD);
    await expect(page.getByTestId('home')).toBeVisible();
    await saved;
    await page.waitForTimeout(1_000);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test.describe('a readable audit log', () => {
  test('/logs in Arabic: one change per row, translated record type, fields and time, no raw names', async ({
    page,
  }) => {
    const api = await adminApi(page.request);
    const tag = Number(`${Date.now()}`.slice(-7)).toString(36);
    const unit = await api.post<{ id: string; code: string }>('/api/Units', {
      arabicName: `صندوق ${tag}`,
      englishName: `Box ${tag}`,
    });
    const res = await page.request.put(`/api/Units/${unit.id}`, {
      headers: await (async () => {
        const auth = await page.request.post('/api/Users/auth', {
          data: { userName: 'admin', password: (await import('../support/session')).ADMIN_PASSWORD },
        });
        const { token, defaultBranchId } = (await auth.json()) as { token: string; defaultBranchId: string };
        return { Authorization: `Bearer ${token}`, BranchId: defaultBranchId };
      })(),
      data: { code: unit.code, arabicName: `صندوق ${tag}`, englishName: `Crate ${tag}` },
    });
    expect(res.status()).toBe(200);
    await signInAsAdmin(page);
    await page.goto('/logs');
    const screen = page.getByTestId('logs-screen');
    const rows = screen.locator('.p-datatable-tbody > tr').filter({ hasText: `صندوق ${tag}` });
    await expect(rows).toHaveCount(2);
    const modified = rows.filter({ hasText: 'تعديل' });
    await expect(modified).toContainText(`${unit.code} · صندوق ${tag}`);
    await expect(modified).toContainText('الوحدات');
    await expect(modified.getByTestId('log-changes')).toContainText('الاسم الإنجليزي');
    await expect(modified.getByTestId('log-changes')).toContainText(`Box ${tag}`);
    await expect(modified.getByTestId('log-changes')).toContainText(`Crate ${tag}`);
    const table = await screen.locator('.p-datatable-tbody').innerText();
    expect(table).not.toMatch(/arabicName|englishName|createdAt|updatedAt|\bunits\b/);
    expect(table).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(table).not.toMatch(/\b(view|add|edit)[A-Z]\w+/);
    // when, in Arabic (Intl with the app language)
    const when = await modified.getByTestId('log-when').innerText();
    expect(when).toMatch(/[\u0600-\u06FF]/);
  });
});

test.describe('a print header', () => {
  test('a printed transfer names the company, branch, VAT and CR numbers, its title and code, and has signatures', async ({
    page,
  }) => {
    const { transfer } = await arrangeTransfer(page);
    const auth = await page.request.post('/api/Users/auth', {
      data: { userName: 'admin', password: (await import('../support/session')).ADMIN_PASSWORD },
    });
    const { token } = (await auth.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const company = (await (await page.request.get('/api/Company', { headers })).json()) as Record<
      string,
      unknown
    >;
    const vat = '300000000000003';
    const put = await page.request.put('/api/Company', { headers, data: { ...company, taxNumber: vat } });
    expect(put.status(), await put.text()).toBe(200);
    const startUp = (await (await page.request.get('/api/aggregates/StartUp', { headers })).json()) as {
      currentCompany: { arabicName: string };
    };
    await signInAsAdmin(page);
    await page.goto(`/storage-transfer/edit/${transfer.id}`);
    const docs = new DocumentScreen(page);
    await expect(docs.form).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const header = docs.printView.getByTestId('print-header');
    await expect(header).toBeVisible();
    await expect(header.getByTestId('print-company')).toHaveText(startUp.currentCompany.arabicName);
    await expect(header.getByTestId('print-branch')).not.toBeEmpty();
    await expect(header.getByTestId('print-vat')).toHaveText(vat);
    await expect(header.getByTestId('print-title')).toContainText(transfer.code);
    await expect(docs.printView.getByTestId('print-signatures')).toBeVisible();
    await expect(docs.printView).not.toContainText(UUID);
    await page.screenshot({ path: 'test-results/print-transfer.png', fullPage: true });
  });

  test('a printed report has the same header', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/items-reports');
    const reports = new ItemsReportsScreen(page);
    await expect(reports.panel.getByTestId('report-table')).toBeVisible();
    // what is on the page when the print dialog would open
    await page.evaluate(() => {
      window.print = () => {
        const view = document.querySelector('[data-testid="print-view"]');
        document.body.dataset.printed = JSON.stringify({
          header: view?.querySelector('[data-testid="print-header"]') !== null,
          signatures: view?.querySelector('[data-testid="print-signatures"]') !== null,
          title: view?.querySelector('[data-testid="print-title"]')?.textContent ?? '',
        });
      };
    });
    await reports.panel.getByTestId('print').click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', /header/);
    const printed = JSON.parse((await page.locator('body').getAttribute('data-printed'))!) as {
      header: boolean;
      signatures: boolean;
      title: string;
    };
    expect(printed).toEqual({ header: true, signatures: true, title: expect.stringMatching(/\S/) });
  });
});
