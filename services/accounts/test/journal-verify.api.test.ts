import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { appendEntry } from '../src/journal';

/** `GET /api/Journal/verify` through the gateway: the admin's view of the chains, in the caller's language. */
describe.each(engines())('GET /api/Journal/verify on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let tenantId: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    tenantId = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).tid;
  });
  afterAll(async () => app?.stop());

  const db = () => app.embedded.services.accounts!.db;
  const verify = (query = '', language = 'en') =>
    app.api
      .get(`/api/Journal/verify${query}`)
      .set({ ...bearer(admin.token), BranchId: admin.defaultBranchId, Language: language });

  it('answers a sound journal, then names the entry whose line was edited, in Arabic and English', async () => {
    expect((await verify()).body).toEqual({ ok: true, verified: 0, chains: [] });
    const ids = [];
    for (const amount of ['100', '250.75', '12.005'])
      ids.push(
        await db().transaction((trx) =>
          appendEntry(trx, {
            tenantId,
            branchId: admin.defaultBranchId,
            date: '2026-04-01',
            source: { type: 'voucher', id: `v-${amount}`, revision: 1 },
            lines: [
              { accountId: 'cash', debit: amount, credit: '0' },
              { accountId: 'sales', debit: '0', credit: amount },
            ],
          }),
        ),
      );
    const sound = await verify(`?branchId=${admin.defaultBranchId}`);
    expect(sound.status).toBe(200);
    expect(sound.body).toEqual({
      ok: true,
      verified: 3,
      chains: [{ branchId: admin.defaultBranchId, verified: 3, headSeq: 3, broken: null }],
    });

    await db()('journal_lines').where({ entry_id: ids[1]!.id, line_no: 1 }).update({ debit: 2_507_600 });
    const en = await verify();
    expect(en.status).toBe(200);
    expect(en.body.ok).toBe(false);
    expect(en.body.chains[0].broken).toEqual({
      seq: 2,
      entryId: ids[1]!.id,
      date: '2026-04-01',
      sourceType: 'voucher',
      sourceId: 'v-250.75',
      reason: 'journal.contentChanged',
      message: "The entry's content was changed after it was posted",
    });
    const ar = await verify('', 'ar');
    expect(ar.body.chains[0].broken.message).toBe('تم تغيير محتوى القيد بعد ترحيله');
  });

  it('is for admins only, and another branch has no chain', async () => {
    expect((await app.api.get('/api/Journal/verify')).status).toBe(401);
    const other = await verify('?branchId=0190aaaa-0000-7000-8000-000000000000');
    expect(other.body).toEqual({
      ok: true,
      verified: 0,
      chains: [{ branchId: '0190aaaa-0000-7000-8000-000000000000', verified: 0, headSeq: 0, broken: null }],
    });
  });
});
