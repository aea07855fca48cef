import { newId } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import { login } from '../../../tests/support/embedded-app';
import { postPendingDocuments } from '../src/posting';
import { postingFixture, type PostingFixture } from './support/posting-fixture';

/**
 * Posting from events through the product (issue 13, deliverable 3): the branch's links and the automatic
 * posting switch (identity), the not-posted list and its later posting, and a stock document made through
 * inventory's API that ends as a journal entry in accounts.
 */
describe.each(engines())('posting from events on %s', (engine) => {
  let f: PostingFixture;
  beforeAll(async () => {
    f = await postingFixture(engine);
  });
  afterAll(async () => f?.stop());

  const accountByCode = async (code: string) =>
    String((await f.accountsDb()('md_accounts').where({ tenant_id: f.tenantId, code }).first('id')).id);
  const moved = (documentType: string, documentId: string, revision: number, value: string) =>
    f.envelope('inventory.stock.moved', documentId, {
      sourceService: 'inventory',
      documentType,
      documentId,
      code: documentId.slice(-5),
      revision,
      date: `${f.year}-02-01`,
      movements: [
        {
          itemId: 'i',
          storeId: 's',
          quantity: value.startsWith('-') ? '-1' : '1',
          value,
          reversal: false,
        },
      ],
    });
  const statusOf = async (documentId: string) =>
    (
      await f
        .accountsDb()('posting_documents')
        .where({ tenant_id: f.tenantId, document_id: documentId })
        .first()
    )?.status;
  const notPosted = (language = 'en') =>
    f.app.api.get('/api/Posting/notPosted').set({ ...f.headers(), Language: language });

  it("a new tenant's branches are linked to the default chart's leaf accounts", async () => {
    const names = Object.keys(f.links);
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      const id = f.links[name]!;
      const row = await f.accountsDb()('md_accounts').where({ tenant_id: f.tenantId, id }).first('id');
      expect(row).toBeDefined();
      expect(await f.accountsDb()('md_accounts').where({ parent_id: id }).first('id')).toBeUndefined();
    }
  });

  it('refuses automatic posting while a link is missing, with the spec message', async () => {
    const refused = await f.branch({
      switches: { automaticPosting: true },
      accountLinks: { ...f.links, cash: null },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('automaticPostingNeedsAccounts');
    expect(refused.body.detail).toBe(
      'Automatic posting cannot be enabled before the branch accounts are linked',
    );
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'accountLinks.cash', code: 'validation.required', message: expect.any(String) },
      ]),
    );
    expect((await f.branch()).body.switches.automaticPosting).toBe(false);
    // with every link set it is accepted
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
  });

  it('keeps a document whose link names a parent account in the not-posted list, then posts it once fixed', async () => {
    const parent = await accountByCode('114');
    expect((await f.branch({ accountLinks: { ...f.links, inventory: parent } })).status).toBe(200);
    const id = newId();
    await f.deliver(moved('overflowAdjustments', id, 1, '250.5'));
    expect(await statusOf(id)).toBe('notPosted');
    const list = await notPosted('ar');
    expect(list.status).toBe(200);
    const item = list.body.items.find((d: { documentId: string }) => d.documentId === id);
    expect(item).toMatchObject({
      reason: 'posting.accountIsParent',
      link: 'inventory',
      documentType: 'overflowAdjustments',
    });
    expect(item.message).toContain('inventory');
    expect(item.message).not.toBe('posting.accountIsParent');
    // the branch's links set right: the replica's update posts it
    expect((await f.branch({ accountLinks: f.links })).status).toBe(200);
    expect(await statusOf(id)).toBe('posted');
    expect(
      (await notPosted()).body.items.find((d: { documentId: string }) => d.documentId === id),
    ).toBeUndefined();
    expect((await f.liveBookings()).get(id)).toEqual(
      new Map([
        [f.links.inventory!, 2_505_000n],
        [f.links.overflow!, -2_505_000n],
      ]),
    );
  });

  it('a missing link found by bulk posting is listed, and posted once the branch links are saved', async () => {
    expect(
      (await f.branch({ switches: { automaticPosting: false }, accountLinks: { ...f.links, damage: null } }))
        .status,
    ).toBe(200);
    const id = newId();
    await f.deliver(moved('damageAdjustments', id, 1, '-40'));
    expect(await statusOf(id)).toBe('unposted');
    await f
      .accountsDb()
      .transaction((trx) => postPendingDocuments(trx, f.tenantId, f.branchId, { documentIds: [id] }));
    expect(await statusOf(id)).toBe('notPosted');
    const item = (await notPosted()).body.items.find((d: { documentId: string }) => d.documentId === id);
    expect(item).toMatchObject({ reason: 'posting.linkMissing', link: 'damage' });
    expect(item.message).toBe("The branch's account link 'damage' is not set");
    // the list and its retry are gLPost's, checked by the server
    const password = 'Str0ng!Pass';
    const made = await f.app.api
      .post('/api/Users')
      .set(f.headers())
      .send({
        fullName: 'Clerk',
        userName: 'posting_clerk',
        password,
        confirmPassword: password,
        branches: [f.branchId],
        permissions: ['viewAccounts'],
      });
    expect(made.status).toBe(201);
    await f.app.flush();
    const clerk = await login(f.app, 'posting_clerk', password);
    const asClerk = { ...f.headers(), Authorization: `Bearer ${clerk.token}` };
    expect((await f.app.api.get('/api/Posting/notPosted').set(asClerk)).status).toBe(403);
    expect((await f.app.api.post('/api/Posting/notPosted/retry').set(asClerk).send({})).status).toBe(403);
    expect(await statusOf(id)).toBe('notPosted');
    // links set with automatic posting off: the replica's update tries the listed document again
    expect((await f.branch({ accountLinks: f.links })).status).toBe(200);
    expect(await statusOf(id)).toBe('posted');
    const retry = await f.app.api.post('/api/Posting/notPosted/retry').set(f.headers()).send({});
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ done: 0, posted: 0, notPosted: 0 });
    await f.checkBalanced();
  });

  it('the retry action posts a document whose linked account became a leaf again', async () => {
    const account = async (arabicName: string, parentId: string) => {
      const res = await f.app.api.post('/api/Accounts').set(f.headers()).send({
        arabicName,
        isSub: true,
        parentId,
        nature: 'credit',
        accountType: 'incomeStatement',
      });
      expect(res.status).toBe(201);
      return String(res.body.id);
    };
    const revenue = await accountByCode('4');
    const gains = await account('أرباح جرد', revenue);
    expect(
      (
        await f.branch({
          switches: { automaticPosting: true },
          accountLinks: { ...f.links, overflow: gains },
        })
      ).status,
    ).toBe(200);
    // a sub-account under the linked one: it takes no entries any more
    const child = await account('أرباح جرد فرعية', gains);
    const id = newId();
    await f.deliver(moved('overflowAdjustments', id, 1, '12'));
    expect(await statusOf(id)).toBe('notPosted');
    const listed = (await notPosted()).body.items.find((d: { documentId: string }) => d.documentId === id);
    expect(listed).toMatchObject({ reason: 'posting.accountIsParent', link: 'overflow' });
    // the sub-account removed (no branch event): the user's retry posts it
    expect((await f.app.api.delete(`/api/Accounts/${child}`).set(f.headers())).status).toBe(200);
    const retry = await f.app.api.post('/api/Posting/notPosted/retry').set(f.headers()).send({});
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ posted: 1, notPosted: 0 });
    expect(await statusOf(id)).toBe('posted');
    expect((await f.liveBookings()).get(id)?.get(gains)).toBe(-120_000n);
    expect((await f.branch({ accountLinks: f.links })).status).toBe(200);
  });

  it('an addition order made through inventory ends as a journal entry; its edit and its deletion reverse it', async () => {
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
    const [store, item] = [await f.store(), await f.item()];
    const doc = await f.create('/api/AdditionOrders', {
      date: `${f.year}-02-03`,
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, quantity: '4', unitCost: '12.25' }],
    });
    await f.app.flush();
    const entries = await f.accountsDb()('journal_entries').where({
      tenant_id: f.tenantId,
      source_type: 'inventory.additionOrders',
      source_id: doc.id,
    });
    expect(entries).toHaveLength(1);
    expect((await f.liveBookings()).get(doc.id)).toEqual(
      new Map([
        [f.links.inventory!, 490_000n],
        [f.links.stockReceipts!, -490_000n],
      ]),
    );
    // an edit: the first entry reversed, the new one booked; nothing edited in place
    const edited = await f.send('put', `/api/AdditionOrders/${doc.id}`, {
      date: `${f.year}-02-03`,
      storeId: store,
      lines: [{ itemId: item, unitId: f.units.piece, quantity: '5', unitCost: '12.25' }],
    });
    expect(edited.status).toBe(200);
    await f.app.flush();
    const after = await f.accountsDb()('journal_entries').where({
      tenant_id: f.tenantId,
      source_type: 'inventory.additionOrders',
      source_id: doc.id,
    });
    expect(after).toHaveLength(3);
    expect(
      after.filter((e: { reverses_entry_id: string | null }) => e.reverses_entry_id === entries[0].id),
    ).toHaveLength(1);
    expect((await f.liveBookings()).get(doc.id)?.get(f.links.inventory!)).toBe(612_500n);
    expect((await f.send('delete', `/api/AdditionOrders/${doc.id}`)).status).toBe(200);
    await f.app.flush();
    expect((await f.liveBookings()).get(doc.id)).toBeUndefined();
    expect(await statusOf(doc.id)).toBe('nothing');
    await f.checkBalanced();
  });
  it('a transfer to a store of another branch books each branch its part, through goods in transit', async () => {
    expect((await f.branch({ switches: { automaticPosting: true } })).status).toBe(200);
    const other = await f.app.api
      .post('/api/Branches')
      .set(f.headers())
      .send({ code: '9', arabicName: 'فرع الدمام', accountLinks: f.links });
    expect(other.status).toBe(201);
    await f.app.flush();
    const [here, item] = [await f.store(), await f.item()];
    const there = (await f.create('/api/Stores', { arabicName: 'مخزن الدمام', branchId: other.body.id })).id;
    await f.create('/api/AdditionOrders', {
      date: `${f.year}-02-04`,
      storeId: here,
      lines: [{ itemId: item, unitId: f.units.piece, quantity: '10', unitCost: '3' }],
    });
    const transfer = await f.create('/api/StorageTransfers', {
      date: `${f.year}-02-05`,
      storeId: here,
      toStoreId: there,
      lines: [{ itemId: item, unitId: f.units.piece, quantity: '4' }],
    });
    await f.app.flush();
    expect((await f.liveBookings(true)).get(transfer.id)).toEqual(
      new Map([
        [`${f.branchId}|${f.links.goodsInTransit}`, 120_000n],
        [`${f.branchId}|${f.links.inventory}`, -120_000n],
        [`${other.body.id}|${f.links.inventory}`, 120_000n],
        [`${other.body.id}|${f.links.goodsInTransit}`, -120_000n],
      ]),
    );
    await f.checkBalanced();
  });
  it("a document dated on or before the branch's lock date waits in the not-posted list, reversals included", async () => {
    expect((await f.branch({ switches: { automaticPosting: true }, accountLinks: f.links })).status).toBe(
      200,
    );
    const id = newId();
    await f.deliver(moved('overflowAdjustments', id, 1, '12'));
    expect(await statusOf(id)).toBe('posted');
    const lock = (lockDate: string | null) =>
      f.app.api.put(`/api/BranchLockDates/${f.branchId}`).set(f.headers()).send({ lockDate });
    expect((await lock(`${f.year}-02-01`)).status).toBe(200);
    // its revision would reverse an entry dated in the locked period: nothing is booked, it is listed
    const before = await f.liveBookings();
    await f.deliver(moved('overflowAdjustments', id, 2, '15'));
    expect(await statusOf(id)).toBe('notPosted');
    expect((await f.liveBookings()).get(id)).toEqual(before.get(id));
    const item = (await notPosted()).body.items.find((d: { documentId: string }) => d.documentId === id);
    expect(item).toMatchObject({ reason: 'posting.periodClosed', link: null });
    expect(item.message).toBe(
      "The document's date is in a closed fiscal year or on or before the branch's lock date",
    );
    // the lock lifted, the retry books the new revision once
    expect((await lock(null)).status).toBe(200);
    expect((await f.app.api.post('/api/Posting/notPosted/retry').set(f.headers()).send({})).status).toBe(200);
    expect(await statusOf(id)).toBe('posted');
    expect((await f.liveBookings()).get(id)).toEqual(
      new Map([
        [f.links.inventory!, 150_000n],
        [f.links.overflow!, -150_000n],
      ]),
    );
    await f.checkBalanced();
  });
  it('bulk posting walks the waiting stock documents by code range, and un-posts them with reversals', async () => {
    expect((await f.branch({ switches: { automaticPosting: false }, accountLinks: f.links })).status).toBe(
      200,
    );
    const ids = [newId(), newId(), newId()];
    for (const [i, id] of ids.entries())
      await f.deliver({
        ...moved('damageAdjustments', id, 1, '-10'),
        payload: { ...(moved('damageAdjustments', id, 1, '-10').payload as object), code: `${900 + i}` },
      });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['unposted', 'unposted', 'unposted']);
    const run = async (action: 'post' | 'unpost', fromCode: string, toCode: string) => {
      const res = await f.app.api
        .post(`/api/Vouchers/${action}`)
        .set(f.headers())
        .send({ documentType: 'damageAdjustments', fromCode, toCode });
      expect(res.status).toBe(202);
      for (let i = 0; i < 1200; i++) {
        const job = await f.app.api.get(`/api/accounts/jobs/${res.body.jobId}`).set(f.headers());
        if (!['queued', 'running'].includes(job.body.status as string)) return job.body;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the bulk run did not end');
    };
    const posted = await run('post', '900', '901');
    expect(posted.status).toBe('succeeded');
    expect(posted.result).toMatchObject({ total: 2, posted: 2 });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['posted', 'posted', 'unposted']);
    expect((await f.liveBookings()).get(ids[0]!)).toEqual(
      new Map([
        [f.links.damage!, 100_000n],
        [f.links.inventory!, -100_000n],
      ]),
    );
    // the types the screen offers name the stock documents too
    const types = await f.app.api.get('/api/Vouchers/post/types').set(f.headers());
    expect(types.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'damageAdjustments' })]),
    );
    const unposted = await run('unpost', '900', '902');
    expect(unposted.result).toMatchObject({ total: 3, posted: 2 });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['unposted', 'unposted', 'unposted']);
    expect((await f.liveBookings()).get(ids[0]!)).toBeUndefined();
    await f.checkBalanced();
  });
});
