import { test, type Page } from '@playwright/test';
import { buildScaleBarcode } from '@erp/contracts';
import { PosConfigurationScreen } from '../pages/PosConfigurationScreen';
import { ShellLayout } from '../pages/ShellLayout';
import { expect, runNames } from '../support/inventory';
import { adminApi } from '../support/master-data';
import { ADMIN_PASSWORD, signInAsAdmin } from '../support/session';

/**
 * Issue 15, deliverable 2, in Arabic: the admin sets the scales' prefix to 23 and the weight mode at
 * /posConfigurations; the barcode lookup then reads a 23-label of a balance item as the item and its weight, and
 * refuses a label whose check digit is wrong.
 */
test.describe('POS configuration', () => {
  test('the admin sets prefix 23 and weight; a scale label brings its weight, a misread one is refused', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const n = runNames();
    const api = await adminApi(page.request);
    // a balance item with a scale code of this run
    const scaleCode = n.barcode.slice(-6, -1);
    const category = await api.post('/api/ItemCategories', { arabicName: n.category });
    const unit = await api.post('/api/Units', { arabicName: `كيلو ${n.tag}` });
    const item = await api.post('/api/Items', {
      arabicName: `جبن بالوزن ${n.tag}`,
      barcode: n.barcode,
      categoryId: category.id,
      mainUnitId: unit.id,
      salesPrice: '42.5',
      isBalanceItem: true,
      scaleCode,
    });

    await signInAsAdmin(page);
    const layout = new ShellLayout(page);
    await layout.expectDirection('rtl', 'ar');
    await layout.menuLink('إعدادات نقاط البيع').click();
    const screen = new PosConfigurationScreen(page);
    await expect(screen.root.locator('h1')).toHaveText('إعدادات نقاط البيع');
    await expect(screen.root.getByTestId('pos-explanation')).toContainText('EAN-13');

    await screen.choosePrefix('23');
    await screen.mode('price').check({ force: true });
    await expect(screen.examplePart('price')).toHaveText('01250');
    await screen.mode('weight').check({ force: true });
    // the live example: 23 | 12345 | 01250 | check digit, read back as 1.250 kg
    await expect(screen.exampleLabel).toHaveText('2312345012500');
    await expect(screen.examplePart('prefix')).toHaveText('23');
    await expect(screen.examplePart('weight')).toHaveText('01250');
    await expect(screen.exampleMeaning).toContainText('1.250');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/Company/PosConfiguration') && r.request().method() === 'PUT',
    );
    await screen.save.click();
    expect((await saved).status()).toBe(200);
    await page.screenshot({ path: 'test-results/pos-configuration.png', fullPage: true });
    expect((await api.get<{ posConfiguration: unknown }>('/api/Company')).posConfiguration).toEqual({
      scalePrefix: '23',
      scaleMode: 'weight',
    });

    // a till scans a 23-label of the item: its weight (the company event reaches inventory on its own)
    const label = buildScaleBarcode({ prefix: '23', mode: 'weight' }, scaleCode, '1.375');
    await expect(async () => {
      const match = await api.get<{ item: { id: string }; unitId: string; quantity?: string }>(
        `/api/Items/barcode/${label}`,
      );
      expect(match.item.id).toBe(item.id);
      expect(match.unitId).toBe(unit.id);
      expect(match.quantity).toBe('1.375');
    }).toPass({ timeout: 20_000 });

    // the same label with a wrong check digit is refused, in Arabic
    const wrong = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    const refused = await page.request.get(`/api/Items/barcode/${wrong}`, { headers: await headers(page) });
    expect(refused.status()).toBe(400);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('badCheckDigit');
    expect(problem.detail).toContain('رقم التحقق في ملصق الميزان غير صحيح');
  });
});

/** The admin's headers in Arabic, for a request whose refusal the journey reads (adminApi expects success). */
async function headers(page: Page) {
  const auth = await page.request.post('/api/Users/auth', {
    data: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  const admin = (await auth.json()) as { token: string; defaultBranchId: string };
  return { Authorization: `Bearer ${admin.token}`, BranchId: admin.defaultBranchId, Language: 'ar' };
}
