import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';

type Change = {
  id: string;
  entity: string;
  entityId: string;
  action: string;
  recordCode: string;
  recordArabicName: string;
  recordEnglishName: string;
  changes: { property: string; before: string | null; after: string | null }[];
  userName: string | null;
  occurredAt: string;
};

/**
 * /logs as a reader sees it (issue 12 item 6): one row per change with the record's code and names and the
 * changed fields (no bookkeeping properties), filtered by entity, user and date.
 */
describe.each(engines())('the audit log’s changes on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const as = () => ({ ...bearer(admin.token), BranchId: admin.defaultBranchId });
  const changes = async (query: Record<string, string | number>) => {
    const res = await app.api
      .get('/api/AuditLogs/changes')
      .query({ pageSize: 50, ...query })
      .set(as());
    expect(res.status).toBe(200);
    return res.body as { items: Change[]; total: number };
  };

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await app.flush();
  });
  afterAll(async () => app?.stop());

  it('shows one change per row with the record named and each changed field before and after', async () => {
    const unit = await app.api
      .post('/api/Units')
      .set(as())
      .send({ arabicName: 'كرتون', englishName: 'Carton' });
    expect(unit.status).toBe(201);
    const changed = await app.api
      .put(`/api/Units/${unit.body.id}`)
      .set(as())
      .send({ code: unit.body.code, arabicName: 'كرتون', englishName: 'Box' });
    expect([changed.status, changed.body.errors]).toEqual([200, undefined]);
    await app.flush();
    const { items } = await changes({ entity: 'units' });
    expect(items).toHaveLength(2);
    const [modified, created] = items;
    expect(modified).toMatchObject({
      entity: 'units',
      entityId: unit.body.id,
      action: 'modified',
      recordCode: unit.body.code,
      recordArabicName: 'كرتون',
      recordEnglishName: 'Box',
      userName: 'admin',
    });
    expect(modified!.changes).toEqual([{ property: 'englishName', before: 'Carton', after: 'Box' }]);
    expect(created!.action).toBe('created');
    const properties = created!.changes.map((c) => c.property);
    expect(properties).toEqual(expect.arrayContaining(['arabicName', 'englishName', 'code']));
    for (const technical of ['createdAt', 'updatedAt', 'id', 'codeNumber'])
      expect(properties).not.toContain(technical);
  });

  it('filters by user and date, and pages by change, not by field', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const adminId = (await app.api.get('/api/Users').query({ search: 'admin' }).set(as())).body.items[0].id;
    const mine = await changes({ userId: adminId, from: today, to: today, pageSize: 15 });
    expect(mine.items.length).toBeGreaterThan(0);
    expect(new Set(mine.items.map((c) => c.id)).size).toBe(mine.items.length);
    expect(mine.items.every((c) => c.userName === 'admin')).toBe(true);
    expect((await changes({ from: '2000-01-01', to: '2000-01-02' })).items).toEqual([]);
    const all = await changes({ entity: 'units', pageSize: 15 });
    expect(all.total).toBe(2);
  });
});
