import { buildScaleBarcode } from '@erp/contracts';
import { languages, serverMessages } from '@erp/i18n';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * Scale labels at the barcode lookup (issue 15, deliverable 2): an EAN-13 with the company's prefix (20 to 29, set
 * at /posConfigurations) names a balance item by its five-digit scale code and carries the weight or the price;
 * a misread label (wrong check digit) and an empty one are refused with a clear message, an unknown scale code is
 * a 404 like any unknown barcode. The company's setting reaches inventory by the company event (its replica).
 */
describe.each(engines())('scale labels at the barcode lookup on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const ids = { kilo: '', cheese: '', plain: '', ownBarcode: '' };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
    const category = await create('/api/ItemCategories', { arabicName: 'أجبان' });
    ids.kilo = (await create('/api/Units', { arabicName: 'كيلو' })).id;
    const base = { categoryId: category.id, mainUnitId: ids.kilo, salesPrice: '42.5', costPrice: '30' };
    ids.cheese = (
      await create('/api/Items', {
        ...base,
        arabicName: 'جبن أبيض بالوزن',
        barcode: '6291041500213', // the GS1 General Specifications' worked example, 629104150021 → 3
        isBalanceItem: true,
        scaleCode: '12345',
      })
    ).id;
    // a published EAN-13 looked up the ordinary way
    ids.plain = (await create('/api/Items', { ...base, arabicName: 'زيت', barcode: '4006381333931' })).id;
    // an item whose own barcode falls in the 23 range (catalogued before the company chose 23): still found
    ids.ownBarcode = (
      await create('/api/Items', {
        ...base,
        arabicName: 'علبة هدايا',
        barcode: buildScaleBarcode({ prefix: '23', mode: 'weight' }, '55555', '1'),
      })
    ).id;
  });
  afterAll(async () => app?.stop());

  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    Language: language,
  });

  async function create(path: string, body: Record<string, unknown>) {
    const res = await app.api.post(path).set(as()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  }
  const lookup = (code: string, language = 'en') =>
    app.api.get(`/api/Items/barcode/${code}`).set(as(language));
  async function configure(scalePrefix: string, scaleMode: string) {
    const res = await app.api.put('/api/Company/PosConfiguration').set(as()).send({ scalePrefix, scaleMode });
    expect(res.status).toBe(200);
    await app.flush();
  }

  it('reads a weight label of prefix 20 (the default of a company that never chose) as the item and its weight', async () => {
    // 2·1 + 0·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 + 0·3 + 1·1 + 2·3 + 5·1 + 0·3 = 41 → 9
    const res = await lookup('2012345012509');
    expect(res.status).toBe(200);
    expect(res.body.item.id).toBe(ids.cheese);
    expect(res.body).toEqual(
      expect.objectContaining({
        unitId: ids.kilo,
        conversionRate: '1',
        salesPrice: '42.5',
        quantity: '1.250',
      }),
    );
    expect(res.body).not.toHaveProperty('price');
    // ordinary barcodes are untouched: the item's own, a published EAN-13, its scale code typed by hand
    expect((await lookup('6291041500213')).body.item.id).toBe(ids.cheese);
    const plain = await lookup('4006381333931');
    expect(plain.body.item.id).toBe(ids.plain);
    expect(plain.body).not.toHaveProperty('quantity');
    expect((await lookup('12345')).body.item.id).toBe(ids.cheese);
  });

  it('refuses a label with a wrong check digit in every language, and one of zero weight', async () => {
    for (const language of languages) {
      const res = await lookup('2012345012508', language);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('badCheckDigit');
      expect(res.body.detail).toBe(serverMessages[language].badCheckDigit);
      expect(res.body.errors).toEqual([
        { field: 'barcode', code: 'badCheckDigit', message: serverMessages[language].badCheckDigit },
      ]);
    }
    // 2·1 + 0·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 = 29 → 1
    const zero = await lookup('2012345000001', 'ar');
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('zeroWeight');
    expect(zero.body.detail).toBe(serverMessages.ar.zeroWeight);
  });

  it('answers an unknown scale code, or a scale code of an item that is not a balance item, with 404', async () => {
    expect((await lookup(buildScaleBarcode({ prefix: '20', mode: 'weight' }, '99999', '1.5'))).status).toBe(
      404,
    );
    expect((await lookup('20123450125a9')).status).toBe(404);
    const category = (await app.api.get(`/api/Items/${ids.plain}`).set(as())).body.categoryId as string;
    await create('/api/Items', {
      arabicName: 'ليس للميزان',
      barcode: '5901234123457',
      categoryId: category,
      mainUnitId: ids.kilo,
      isBalanceItem: false,
      scaleCode: '77777',
    });
    expect((await lookup(buildScaleBarcode({ prefix: '20', mode: 'weight' }, '77777', '1'))).status).toBe(
      404,
    );
  });

  it("follows the company's prefix and mode (23, price) through the company event", async () => {
    await configure('23', 'price');
    const replica = await app.embedded.services.inventory!.db('replica_companies').first();
    expect(replica).toEqual(expect.objectContaining({ scale_prefix: '23', scale_mode: 'price' }));
    const label = buildScaleBarcode({ prefix: '23', mode: 'price' }, '12345', '12.75');
    // 2·1 + 3·3 + 1·1 + 2·3 + 3·1 + 4·3 + 5·1 + 0·3 + 1·1 + 2·3 + 7·1 + 5·3 = 67 → 3
    expect(label).toBe('2312345012753');
    const res = await lookup(label);
    expect(res.status).toBe(200);
    expect(res.body.item.id).toBe(ids.cheese);
    expect(res.body.price).toBe('12.75');
    expect(res.body).not.toHaveProperty('quantity');
    expect((await lookup('2312345000002')).body.code).toBe('zeroPrice');
    // a 20-label is no longer a label: an ordinary (unknown) barcode, whatever its check digit
    expect((await lookup('2012345012509')).status).toBe(404);
    expect((await lookup('2012345012508')).status).toBe(404);
    // an item's own barcode in the 23 range that names no balance item is still found
    expect(
      (await lookup(buildScaleBarcode({ prefix: '23', mode: 'weight' }, '55555', '1'))).body.item.id,
    ).toBe(ids.ownBarcode);

    await configure('23', 'weight');
    const weighed = await lookup(buildScaleBarcode({ prefix: '23', mode: 'weight' }, '12345', '0.875'));
    expect(weighed.body).toEqual(expect.objectContaining({ quantity: '0.875' }));
    expect(weighed.body.item.id).toBe(ids.cheese);
  });
});
