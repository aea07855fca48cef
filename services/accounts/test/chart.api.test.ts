import { accounts } from '@erp/contracts';
import { checkTree, starterRecordId, tenantScope } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  PROVIDER_KEY,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { accountsModule } from '../src';
import { defaultChart, postableAccountIssue } from '../src/chart';

type Account = {
  id: string;
  code: string;
  arabicName: string;
  englishName: string;
  frenchName: string;
  kurdishName: string;
  parentId: string | null;
  isSub: boolean;
  level: number | null;
  nature: string | null;
  accountType: string | null;
};

/**
 * The chart of accounts on the master-data engine (issue 13, deliverable 1): the default chart a tenant starts
 * with (new, and on upgrade), the tree rules' refusals with the spec's messages, account groups and cost centers.
 */
describe.each(engines())('chart of accounts on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let tenantId: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    headers = { ...bearer(who.token), BranchId: who.defaultBranchId, Language: 'en' };
    tenantId = JSON.parse(Buffer.from(who.token.split('.')[1]!, 'base64url').toString()).tid as string;
  });
  afterAll(async () => app?.stop());

  const tree = async (path = '/api/Accounts') => {
    const res = await app.api.get(`${path}/tree`).set(headers);
    expect(res.status).toBe(200);
    return res.body.items as Account[];
  };
  const post = (path: string, body: Record<string, unknown>) => app.api.post(path).set(headers).send(body);
  const account = (over: Record<string, unknown>) => ({
    nature: 'debit',
    accountType: 'balanceSheet',
    ...over,
  });

  it('gives the tenant the default chart: every account with its parent, level, nature, type and six names', async () => {
    const items = await tree();
    expect(items).toHaveLength(defaultChart.length);
    const byCode = new Map(items.map((a) => [a.code, a]));
    for (const d of defaultChart) {
      const a = byCode.get(d.code)!;
      expect(a).toBeDefined();
      // the id is the starter id of its key: the branches' account links can name it before it exists
      expect(a.id).toBe(starterRecordId(tenantId, d.key));
      expect([a.arabicName, a.englishName, a.frenchName, a.kurdishName]).toEqual([
        d.names.ar,
        d.names.en,
        d.names.fr,
        d.names.ku,
      ]);
      expect([a.nature, a.accountType]).toEqual([d.nature, d.accountType]);
      const parent = d.parentKey ? defaultChart.find((p) => p.key === d.parentKey)! : null;
      expect(a.parentId).toBe(parent ? byCode.get(parent.code)!.id : null);
      expect(a.isSub).toBe(parent !== null);
      expect(a.level).toBe(d.code.length);
    }
    // the tree answer lists parents before children
    const seen = new Set<string>();
    for (const a of items) {
      if (a.parentId) expect(seen.has(a.parentId)).toBe(true);
      seen.add(a.id);
    }
    const names = items.map((a) => a.englishName);
    for (const needed of [
      'Main safe',
      'Banks',
      'Customers',
      'Merchandise inventory',
      'VAT input',
      'VAT output',
      'Suppliers',
      'Accrued zakat',
      'Capital',
      'Retained earnings',
      'Sales',
      'Sales returns',
      'Discounts allowed',
      'Discounts received',
      'Purchase returns',
      'Cost of goods sold',
      'Inventory shortage',
      'Inventory overflow',
      'Damaged inventory',
      'Sales commissions',
      'General and administrative expenses',
    ])
      expect(names).toContain(needed);
  });

  it('gives a tenant provisioned later the chart too, and one from before this change on upgrade', async () => {
    const made = await app.api.post('/api/provider/tenants').set('X-Provider-Key', PROVIDER_KEY).send({
      name: 'Chart shop',
      adminUserName: 'chart_admin',
      adminPassword: 'Chart-admin!123',
      subscriptionStart: '2020-01-01',
      subscriptionEnd: '2099-12-31',
    });
    expect(made.status).toBe(201);
    await app.flush();
    const other = await login(app, 'chart_admin', 'Chart-admin!123');
    const otherHeaders = { ...bearer(other.token), BranchId: other.defaultBranchId };
    const res = await app.api.get('/api/Accounts/tree').set(otherHeaders);
    expect(res.body.items).toHaveLength(defaultChart.length);
    // a tenant from before the chart existed: no accounts, nothing given; the service's start gives it
    const otherTenant = JSON.parse(Buffer.from(other.token.split('.')[1]!, 'base64url').toString())
      .tid as string;
    const deps = app.embedded.services.accounts!.deps;
    await deps.transact(async (trx) => {
      const s = tenantScope(trx, otherTenant);
      await s('md_accounts').delete();
      await s('kit_starter_records').delete();
    });
    expect((await app.api.get('/api/Accounts/tree').set(otherHeaders)).body.items).toHaveLength(0);
    await accountsModule.seed!(deps);
    const after = (await app.api.get('/api/Accounts/tree').set(otherHeaders)).body.items as Account[];
    expect(after).toHaveLength(defaultChart.length);
    expect(after.find((a) => a.code === '1111')!.id).toBe(starterRecordId(otherTenant, 'account.mainSafe'));
    // given once: a deleted default account does not come back at the next start
    const petty = after.find((a) => a.code === '1112')!;
    expect((await app.api.delete(`/api/Accounts/${petty.id}`).set(otherHeaders)).status).toBe(200);
    await accountsModule.seed!(deps);
    expect((await app.api.get('/api/Accounts/tree').set(otherHeaders)).body.items).toHaveLength(
      defaultChart.length - 1,
    );
  });

  it('refuses what the tree rules forbid, with the spec’s messages, and writes nothing', async () => {
    const items = await tree();
    const cash = items.find((a) => a.code === '111')!;
    const safe = items.find((a) => a.code === '1111')!;
    const assets = items.find((a) => a.code === '1')!;
    // a sub-account needs a parent
    const orphan = await post('/api/Accounts', account({ arabicName: 'يتيم', isSub: true }));
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors).toEqual([
      expect.objectContaining({ field: 'parentId', code: 'validation.parentRequired' }),
    ]);
    expect(orphan.body.errors[0].message).toBe('A sub-record needs a parent');
    // not its own parent, nor a descendant's child
    const put = (a: Account, parentId: string) =>
      app.api
        .put(`/api/Accounts/${a.id}`)
        .set(headers)
        .send(account({ arabicName: a.arabicName, parentId, isSub: true }));
    for (const res of [await put(cash, cash.id), await put(assets, safe.id)]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('validation.ownParent');
    }
    // in Arabic too
    const ar = await app.api
      .put(`/api/Accounts/${assets.id}`)
      .set({ ...headers, Language: 'ar' })
      .send(account({ arabicName: assets.arabicName, parentId: safe.id, isSub: true }));
    expect(ar.body.errors[0].message).toBe('لا يمكن أن يكون السجل أباً لنفسه أو أن يتخذ أحد فروعه أباً');
    // a record with children cannot be deleted
    const del = await app.api.delete(`/api/Accounts/${cash.id}`).set(headers);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('hasChildren');
    expect(del.body.detail).toBe('A record that has sub-records cannot be deleted');
    expect((await tree()).map((a) => [a.id, a.parentId, a.level])).toEqual(
      items.map((a) => [a.id, a.parentId, a.level]),
    );
    // the ledger's check: entries go to leaves only
    const s = tenantScope(app.embedded.services.accounts!.deps.db, tenantId);
    expect(await postableAccountIssue(s, cash.id, 'accountId')).toEqual({
      field: 'accountId',
      code: 'validation.parentAccount',
    });
    expect(await postableAccountIssue(s, safe.id, 'accountId')).toBeNull();
    // the "in use" hook the journal plugs in (chartHooks({ accountInUse })): an account with entries takes no children
    const input = { code: '', arabicName: 'فرع', englishName: 'x', parentId: safe.id, isSub: true };
    expect(
      (await checkTree(s, accounts, input, null, null, async (_s, id) => id === safe.id)).issues,
    ).toEqual([{ field: 'parentId', code: 'validation.parentInUse' }]);
    expect((await checkTree(s, accounts, input, null, null, async () => false)).level).toBe(5);
  });

  it('keeps the level at most the branch’s maximum account level, moving a subtree with its levels', async () => {
    const items = await tree();
    const safe = items.find((a) => a.code === '1111')!; // level 4
    const chain: Account[] = [safe];
    // levels 5 and 6 hang under the main safe; a seventh is refused (the default maximum is 6)
    for (const name of ['خزينة 1', 'خزينة 2']) {
      const res = await post(
        '/api/Accounts',
        account({ arabicName: name, parentId: chain.at(-1)!.id, isSub: true }),
      );
      expect(res.status).toBe(201);
      chain.push(res.body as Account);
    }
    expect(chain.map((a) => a.level)).toEqual([4, 5, 6]);
    // a new account is numbered under its parent
    expect(chain.map((a) => a.code)).toEqual(['1111', '11111', '111111']);
    const third = await post(
      '/api/Accounts',
      account({ arabicName: 'صندوق ثالث', parentId: items.find((a) => a.code === '111')!.id, isSub: true }),
    );
    expect(third.body.code).toBe('1113');
    const root = await post('/api/Accounts', account({ arabicName: 'حسابات نظامية' }));
    expect([root.body.code, root.body.level]).toEqual(['6', 1]);
    const deep = await post(
      '/api/Accounts',
      account({ arabicName: 'عميق', parentId: chain[2]!.id, isSub: true }),
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0]).toEqual(
      expect.objectContaining({
        code: 'validation.maxAccountLevel',
        message: 'The level cannot go beyond the maximum account level (6)',
      }),
    );
    // moving the safe (with two levels below it) under a level-3 account is fine; under a level-4 one it is not
    const banks = items.find((a) => a.code === '112')!;
    const bank = items.find((a) => a.code === '1121')!;
    const move = (parentId: string) =>
      app.api
        .put(`/api/Accounts/${safe.id}`)
        .set(headers)
        .send(account({ arabicName: safe.arabicName, parentId, isSub: true }));
    expect((await move(bank.id)).status).toBe(400);
    const moved = await move(banks.id);
    expect(moved.status).toBe(200);
    expect(moved.body.level).toBe(4);
    // to the root: the whole subtree rises two levels
    const toRoot = await app.api
      .put(`/api/Accounts/${safe.id}`)
      .set(headers)
      .send(account({ arabicName: safe.arabicName, parentId: null, isSub: false }));
    expect(toRoot.status).toBe(200);
    const after = new Map((await tree()).map((a) => [a.id, a]));
    expect(chain.map((a) => after.get(a.id)!.level)).toEqual([1, 2, 3]);
  });

  it('follows the branch’s maximum account level as identity sets it', async () => {
    const branchId = headers.BranchId!;
    const branch = (await app.api.get(`/api/Branches/${branchId}`).set(headers)).body as Record<
      string,
      unknown
    >;
    const saved = await app.api
      .put(`/api/Branches/${branchId}`)
      .set(headers)
      .send({ ...branch, maxAccountLevel: 4 });
    expect(saved.status).toBe(200);
    await app.flush();
    const bank = (await tree()).find((a) => a.code === '1121')!;
    expect(bank.level).toBe(4);
    const res = await post('/api/Accounts', account({ arabicName: 'خامس', parentId: bank.id, isSub: true }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual(
      expect.objectContaining({
        code: 'validation.maxAccountLevel',
        message: 'The level cannot go beyond the maximum account level (4)',
      }),
    );
    await app.api
      .put(`/api/Branches/${branchId}`)
      .set(headers)
      .send({ ...branch, maxAccountLevel: 6 });
    await app.flush();
  });

  it('has account groups and cost centers with the same rules', async () => {
    for (const path of ['/api/AccountGroups', '/api/CostCenters']) {
      const main = await post(path, { arabicName: 'رئيسي' });
      expect(main.status).toBe(201);
      expect(main.body.level).toBe(1);
      const sub = await post(path, { arabicName: 'فرعي', parentId: main.body.id, isSub: true });
      expect(sub.body.level).toBe(2);
      const orphan = await post(path, { arabicName: 'يتيم', isSub: true });
      expect(orphan.body.errors[0].code).toBe('validation.parentRequired');
      const loop = await app.api
        .put(`${path}/${main.body.id}`)
        .set(headers)
        .send({ arabicName: 'رئيسي', parentId: sub.body.id, isSub: true });
      expect(loop.body.errors[0].code).toBe('validation.ownParent');
      const del = await app.api.delete(`${path}/${main.body.id}`).set(headers);
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('hasChildren');
      expect((await tree(path)).map((r) => r.id)).toEqual([main.body.id, sub.body.id]);
      expect((await app.api.delete(`${path}/${sub.body.id}`).set(headers)).status).toBe(200);
      expect((await app.api.delete(`${path}/${main.body.id}`).set(headers)).status).toBe(200);
    }
  });

  it('refuses another tenant’s parent as a broken reference', async () => {
    const other = await login(app, 'chart_admin', 'Chart-admin!123');
    const theirs = (
      await app.api.get('/api/Accounts/tree').set({ ...bearer(other.token), BranchId: other.defaultBranchId })
    ).body.items[0] as Account;
    const res = await post(
      '/api/Accounts',
      account({ arabicName: 'دخيل', parentId: theirs.id, isSub: true }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('validation.reference');
  });
});
