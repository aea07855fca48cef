import { engines } from '../../../tests/support/databases';
import type { TestApp } from '../../../tests/support/embedded-app';
import { salesFixture, type SalesFixture } from './support/sales-fixture';

/**
 * Issue 14, car showrooms (spec section 5: 'serial or chassis number cannot repeat; an invoice cannot be saved
 * without serial, color or condition'): asked only where the company is a car showroom (the company event's
 * business types), the chassis never on two standing invoices; a cancelled invoice frees its chassis.
 */
describe.each(engines())('car showroom invoices on %s', (engine) => {
  let f: SalesFixture;
  let app: TestApp;
  const ids: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    f = await salesFixture(engine);
    app = f.app;
    Object.assign(ids, f.ids);
    ids.car = await f.item('سيارة', '6281000003011', '90000', '70000', '5');
    ids.customer = (
      await f.create('/api/Customers', { arabicName: 'معرض الأمل', creditLimit: '10000000' })
    ).id;
    await app.flush();
  });
  afterAll(async () => f?.stop());

  const invoice = (extra: object = {}) => ({
    date: today,
    customerId: ids.customer,
    paymentType: 'onCredit',
    lines: [
      {
        itemId: ids.car,
        unitId: ids.piece,
        storeId: ids.store,
        quantity: '1',
        price: '90000',
        taxCategory: 'S',
        taxRate: '15',
      },
    ],
    ...extra,
  });
  const post = (body: object, language = 'en') =>
    app.api.post('/api/SalesInvoices').set(f.as(language)).send(body);
  const codes = (body: { errors?: { field: string; code: string }[] }) =>
    Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.code]));

  async function carShowroom(on: boolean) {
    const company = (await app.api.get('/api/Company').set(f.as())).body as {
      businessTypes: Record<string, boolean>;
    };
    const res = await app.api
      .put('/api/Company')
      .set(f.as())
      .send({ ...company, businessTypes: { ...company.businessTypes, carShowroom: on } });
    expect(res.status).toBe(200);
    await app.flush();
  }

  it('asks nothing of a company that sells no cars', async () => {
    const res = await post(invoice());
    expect(res.status).toBe(201);
    await app.api.delete(`/api/SalesInvoices/${res.body.id}`).set(f.as());
  });

  it("asks a car showroom's invoice for the chassis, colour and condition, in Arabic too", async () => {
    await carShowroom(true);
    const bare = await post(invoice(), 'ar');
    expect(bare.status).toBe(400);
    expect(codes(bare.body)).toEqual({
      chassisNumber: 'validation.required',
      carColor: 'validation.required',
      carCondition: 'validation.required',
    });
    const wrong = await post(
      invoice({ chassisNumber: 'JTDBR32E720000001', carColor: 'أبيض', carCondition: 'old' }),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(codes(wrong.body))).toEqual(['carCondition']);
    const sold = await post(
      invoice({ chassisNumber: 'JTDBR32E720000001', carColor: 'أبيض', carCondition: 'new', then: 'issue' }),
    );
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({
      chassisNumber: 'JTDBR32E720000001',
      carColor: 'أبيض',
      carCondition: 'new',
    });

    // the same chassis on another invoice: refused, nothing written
    const again = await post(
      invoice({ chassisNumber: 'JTDBR32E720000001', carColor: 'أسود', carCondition: 'used' }),
      'ar',
    );
    expect(again.status).toBe(400);
    expect(codes(again.body)).toEqual({ chassisNumber: 'valueAlreadyUsed' });
    // cancelled, the invoice stands for nothing: the car can be sold again
    expect((await app.api.post(`/api/SalesInvoices/${sold.body.id}/cancel`).set(f.as())).status).toBe(200);
    const resold = await post(
      invoice({ chassisNumber: 'JTDBR32E720000001', carColor: 'أبيض', carCondition: 'used' }),
    );
    expect(resold.status).toBe(201);
    await carShowroom(false);
  });
});
