import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

/**
 * Issue 14, customers and agents through the gateway: the spec's dealer rules (section 5) with their
 * translated messages and nothing written on a refusal, agents' commission ranges, the references to other
 * services' main data (price lists, accounts) through the kit's replicas, and customers reaching accounts'.
 */
describe.each(engines())('customers and agents on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
  });
  afterAll(async () => app?.stop());

  const as = (language = 'en') => ({
    ...bearer(admin.token),
    BranchId: admin.defaultBranchId,
    Language: language,
  });
  const post = (path: string, body: object, language = 'en') =>
    app.api.post(path).set(as(language)).send(body);
  const total = async (path: string) => (await app.api.get(path).set(as())).body.total as number;
  const fieldCodes = (body: { errors: { field: string; code: string }[] }) =>
    Object.fromEntries(body.errors.map((e) => [e.field, e.code]));

  it('refuses a bad tax number, a credit limit of zero and bad opening balances, writing nothing', async () => {
    const before = await total('/api/Customers');
    for (const taxNumber of ['123', '300000000000004', '400000000000003', '30000000000000a3']) {
      const res = await post('/api/Customers', { arabicName: 'عميل', taxNumber, creditLimit: '0' }, 'ar');
      expect(res.status).toBe(400);
      expect(fieldCodes(res.body)).toEqual({
        taxNumber: 'validation.taxNumber',
        creditLimit: 'validation.aboveZero',
      });
      expect(res.body.errors[0].message).toBe('الرقم الضريبي مكوّن من 15 رقمًا ويبدأ وينتهي بالرقم 3');
    }
    const negative = await post('/api/Customers', { arabicName: 'عميل', openingDebit: '-1' });
    expect(fieldCodes(negative.body)).toEqual({ openingDebit: 'validation.positive' });
    expect(await total('/api/Customers')).toBe(before);
  });

  it('keeps tax and mobile numbers unique with the spec messages (409)', async () => {
    const first = await post('/api/Customers', {
      arabicName: 'شركة الرياض',
      taxNumber: '310000000000003',
      phone: '0551234567',
      creditLimit: '1000',
      allowanceDays: 30,
    });
    expect(first.status).toBe(201);
    const tax = await post('/api/Customers', { arabicName: 'أخرى', taxNumber: '310000000000003' }, 'ar');
    expect(tax.status).toBe(409);
    expect(tax.body).toMatchObject({
      code: 'taxNumberAlreadyUsed',
      detail: 'الرقم الضريبي هذا مستخدم مسبقًا',
    });
    const mobile = await post('/api/Customers', { arabicName: 'أخرى', phone: '0551234567' });
    expect(mobile.status).toBe(409);
    expect(mobile.body).toMatchObject({
      code: 'mobileAlreadyUsed',
      detail: 'This mobile number is already used',
    });
    // the customer's own numbers are no conflict when it is saved again
    const again = await app.api.put(`/api/Customers/${first.body.id}`).set(as()).send({
      arabicName: 'شركة الرياض',
      taxNumber: '310000000000003',
      phone: '0551234567',
      creditLimit: '2000',
    });
    expect(again.status).toBe(200);
    expect(again.body.creditLimit).toBe('2000');
  });

  it('checks commission ranges: end above start, a stage not starting below the previous end', async () => {
    const range = (
      fromAmount: string,
      toAmount: string,
      commission = '2',
      commissionType = 'percentage',
    ) => ({
      fromAmount,
      toAmount,
      commission,
      commissionType,
    });
    const before = await total('/api/Agents');
    const endBelow = await post(
      '/api/Agents',
      { arabicName: 'مندوب', commissionRanges: [range('100', '50')] },
      'ar',
    );
    expect(endBelow.status).toBe(400);
    expect(endBelow.body.errors).toEqual([
      expect.objectContaining({
        field: 'commissionRanges',
        code: 'validation.rangeEndAboveStart',
        message: 'الشريحة 1: يجب أن تكون النهاية أكبر من البداية',
      }),
    ]);
    const overlap = await post('/api/Agents', {
      arabicName: 'مندوب',
      commissionRanges: [range('0', '1000'), range('900', '5000')],
    });
    expect(overlap.body.errors).toEqual([
      expect.objectContaining({
        code: 'validation.rangeStartBelowPrevious',
        message: 'Range 2 must not start below the end of range 1',
      }),
    ]);
    const percent = await post('/api/Agents', {
      arabicName: 'مندوب',
      commissionRanges: [range('0', '10', '101')],
    });
    expect(percent.body.errors[0]).toMatchObject({ field: 'commissionRanges', code: 'validation.max' });
    const ceiling = await post('/api/Agents', { arabicName: 'مندوب', maxCommission: '0' });
    expect(fieldCodes(ceiling.body)).toEqual({ maxCommission: 'validation.aboveZero' });
    const nature = await post('/api/Agents', { arabicName: 'مندوب', nature: 'lend' });
    expect(fieldCodes(nature.body)).toEqual({ nature: 'validation.invalid' });
    expect(await total('/api/Agents')).toBe(before);

    const agent = await post('/api/Agents', {
      arabicName: 'مندوب الشمال',
      nature: 'both',
      commissionChannel: 'collection',
      maxCommission: '5000',
      // a stage may start where the previous one ended; a value commission is not capped at 100
      commissionRanges: [range('0', '1000', '2.5'), range('1000', '5000', '150', 'value')],
    });
    expect(agent.status).toBe(201);
    expect(agent.body).toMatchObject({
      nature: 'both',
      commissionChannel: 'collection',
      maxCommission: '5000',
      isActive: true,
      commissionRanges: [
        { fromAmount: '0', toAmount: '1000', commission: '2.5', commissionType: 'percentage' },
        { fromAmount: '1000', toAmount: '5000', commission: '150', commissionType: 'value' },
      ],
    });
  });

  it('links a customer to its agent, classification, area, price list and account; keeps them referenced', async () => {
    const agent = await post('/api/Agents', { arabicName: 'مندوب الجنوب' });
    const classification = await post('/api/DealersClassifications', { arabicName: 'عملاء الجملة' });
    const priceList = await post('/api/PriceLists', { arabicName: 'أسعار الجملة' });
    expect(priceList.status).toBe(201);
    const accounts = await app.api.get('/api/Accounts').set(as()).query({ pageSize: 500 });
    const account = accounts.body.items.find((a: { isSub: boolean }) => a.isSub);
    // the price list and the account are inventory's and accounts': sales knows them from their events
    await app.flush();
    const customer = await post('/api/Customers', {
      arabicName: 'مؤسسة الجنوب',
      agentId: agent.body.id,
      classificationId: classification.body.id,
      priceListId: priceList.body.id,
      accountId: account.id,
      openingDebit: '1500.5',
      isCashCustomer: false,
      suspended: true,
      iban: 'SA03 8000 0000 6080 1016 7519',
      buildingNumber: '1234',
      postalCode: '12345',
    });
    expect(customer.status).toBe(201);
    expect(customer.body).toMatchObject({
      agentId: agent.body.id,
      priceListId: priceList.body.id,
      accountId: account.id,
      openingDebit: '1500.5',
      openingCredit: null,
      suspended: true,
      iban: 'SA0380000000608010167519',
    });
    expect((await app.api.delete(`/api/Agents/${agent.body.id}`).set(as())).status).toBe(409);
    expect(
      (await app.api.delete(`/api/DealersClassifications/${classification.body.id}`).set(as())).status,
    ).toBe(409);
    const itinerary = await post('/api/AgentItineraries', {
      arabicName: 'خط السبت',
      agentId: agent.body.id,
      weekDay: 'saturday',
      customers: [customer.body.id],
    });
    expect(itinerary.status).toBe(201);
    expect((await app.api.delete(`/api/Customers/${customer.body.id}`).set(as())).status).toBe(409);
    // a deleted price list is no longer offered once its event arrived
    const gone = await post('/api/PriceLists', { arabicName: 'قائمة مؤقتة' });
    await app.flush();
    expect((await app.api.delete(`/api/PriceLists/${gone.body.id}`).set(as())).status).toBe(200);
    await app.flush();
    const stale = await post('/api/Customers', { arabicName: 'عميل', priceListId: gone.body.id });
    expect(fieldCodes(stale.body)).toEqual({ priceListId: 'validation.reference' });
  });

  it("publishes customers through the outbox to accounts' replica, deletion included", async () => {
    const customer = await post('/api/Customers', { arabicName: 'عميل الحسابات', creditLimit: '700' });
    expect(customer.status).toBe(201);
    const accounts = app.embedded.services.accounts!;
    const replica = () =>
      accounts.db('replica_md_customers').where({ id: customer.body.id }).first() as Promise<
        Record<string, unknown> | undefined
      >;
    await app.flush();
    const row = await replica();
    expect(row).toMatchObject({ code: customer.body.code, arabic_name: 'عميل الحسابات' });
    expect(Boolean(Number(row!.deleted))).toBe(false);
    expect(JSON.parse(String(row!.record))).toMatchObject({ creditLimit: '700', id: customer.body.id });
    await app.api.put(`/api/Customers/${customer.body.id}`).set(as()).send({ arabicName: 'عميل معدل' });
    await app.api.delete(`/api/Customers/${customer.body.id}`).set(as());
    await app.flush();
    expect(await replica()).toMatchObject({ arabic_name: 'عميل معدل' });
    expect(Boolean(Number((await replica())!.deleted))).toBe(true);
    // a new tenant's cash customer (a starter record) is announced like the others
    const cash = await app.api.get('/api/Customers').set(as()).query({ 'filter[isCashCustomer]': 'true' });
    expect(
      await accounts.db('replica_md_customers').where({ id: cash.body.items[0].id }).first('id'),
    ).toBeTruthy();
  });
  it('rebuilds the replicas on an admin’s request: price lists and accounts in sales, customers in accounts', async () => {
    const { sales, accounts } = app.embedded.services;
    const priceList = await post('/api/PriceLists', { arabicName: 'قائمة التجزئة' });
    const customer = await post('/api/Customers', { arabicName: 'عميل التجزئة' });
    await app.flush();
    // replicas lost (or records saved before the replicas existed)
    await sales!.db('replica_md_price_lists').delete();
    await sales!.db('replica_md_accounts').delete();
    await accounts!.db('replica_md_customers').delete();
    const refused = await post('/api/Customers', { arabicName: 'عميل', priceListId: priceList.body.id });
    expect(refused.status).toBe(400);
    for (const source of ['inventory', 'accounts', 'sales']) {
      const res = await app.api.post(`/api/admin/${source}/replicas/republish`).set(as()).send({});
      expect(res.status).toBe(200);
      expect(res.body.events).toBeGreaterThan(0);
    }
    await app.flush();
    expect(
      await sales!.db('replica_md_price_lists').where({ id: priceList.body.id }).first('id'),
    ).toBeTruthy();
    expect(Number((await sales!.db('replica_md_accounts').count({ n: '*' }))[0]!.n)).toBeGreaterThan(50);
    expect(
      await accounts!.db('replica_md_customers').where({ id: customer.body.id }).first('id'),
    ).toBeTruthy();
    const linked = await post('/api/Customers', { arabicName: 'عميل', priceListId: priceList.body.id });
    expect(linked.status).toBe(201);
  });
});
