import { vouchers, type BulkPostingResult } from '@erp/contracts';
import { AppError, JobRunner, createLogger, type Db } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { bulkPostingJob, documentPostable, postingRegistry } from '../src/posting';

type Account = { id: string; code: string; parentId: string | null };
type Voucher = { id: string; code: string };

const password = 'Str0ng!Pass';

/**
 * Bulk posting and un-posting (issue 13, deliverable 4) through the gateway: the code range picks the branch's
 * vouchers in numbering order, a post then unpost leaves every balance as it was with an entry and a reversal per
 * voucher, two overlapping runs at the same instant give one 202 and one 409, a chunk that dies books nothing and
 * the restarted job finishes without booking anything twice, and the branch and permission are the server's.
 */
describe.each(engines())('bulk posting on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let leaves: Account[];
  let branchId: string;
  const year = new Date().getFullYear();
  const date = `${year}-02-10`;

  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.flush();
    const who = await login(app, 'admin', ADMIN_PASSWORD);
    branchId = who.defaultBranchId;
    headers = { ...bearer(who.token), BranchId: branchId, Language: 'en', FiscalYear: String(year) };
    const accounts = (await app.api.get('/api/Accounts/tree').set(headers)).body.items as Account[];
    const parents = new Set(accounts.map((a) => a.parentId));
    leaves = accounts.filter((a) => !parents.has(a.id));
  }, 60_000);
  afterAll(async () => app?.stop());

  const accounts = () => app.embedded.services.accounts!;
  const db = (): Db => accounts().deps.db;
  const codeNumber = (code: string) => Number(code.split('-').pop());

  async function voucher(amount: string, a = 0, b = 1): Promise<Voucher> {
    const res = await app.api
      .post('/api/Vouchers')
      .set(headers)
      .send({
        date,
        lines: [
          { accountId: leaves[a]!.id, debit: amount },
          { accountId: leaves[b]!.id, credit: amount },
        ],
      });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, code: res.body.code as string };
  }
  const many = async (n: number) => {
    const out: Voucher[] = [];
    for (let i = 0; i < n; i++) out.push(await voucher(`${10 + i}.25`, i % 4, (i % 4) + 1));
    return out;
  };
  const bulk = (action: 'post' | 'unpost', from: string, to: string, extra: Record<string, string> = {}) =>
    app.api
      .post(`/api/Vouchers/${action}`)
      .set({ ...headers, ...extra })
      .send({ documentType: 'vouchers', fromCode: from, toCode: to });

  async function waitJob(id: string) {
    for (let i = 0; i < 1200; i++) {
      const res = await app.api.get(`/api/accounts/jobs/${id}`).set(headers);
      if (!['queued', 'running'].includes(res.body.status as string))
        return res.body as {
          status: string;
          result: BulkPostingResult;
          rejected: { row: number; reasons: string[] }[];
        };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} did not end`);
  }
  const statusOf = async (id: string) =>
    String((await db()('doc_vouchers').where({ id }).first('status')).status);
  const entriesOf = (id: string) =>
    db()('journal_entries')
      .where({ source_type: 'vouchers', source_id: id })
      .orderBy('seq')
      .select('id', 'reverses_entry_id');
  /** Every account's balance (debits less credits, scaled integers summed exactly as BigInt). */
  async function balances(): Promise<Record<string, bigint>> {
    const rows = (await db()('journal_lines')
      .groupBy('account_id')
      .select('account_id')
      .sum({ d: 'debit', c: 'credit' })) as { account_id: string; d: unknown; c: unknown }[];
    return Object.fromEntries(
      rows.map((r) => [r.account_id, BigInt(String(r.d ?? 0)) - BigInt(String(r.c ?? 0))]),
    );
  }
  const nonZero = (b: Record<string, bigint>) =>
    Object.fromEntries(Object.entries(b).filter(([, v]) => v !== 0n));

  it('posts only the range, in numbering order, and a second run skips what is already posted', async () => {
    const made = await many(5);
    const [, second, , fourth] = made;
    const res = await bulk('post', second!.code, fourth!.code);
    expect(res.status).toBe(202);
    expect(res.body.total).toBe(3);
    const job = await waitJob(res.body.jobId as string);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ action: 'post', total: 3, posted: 3, skipped: 0, failed: 0 });
    expect(await Promise.all(made.map((v) => statusOf(v.id)))).toEqual([
      'unposted',
      'posted',
      'posted',
      'posted',
      'unposted',
    ]);
    const again = await waitJob((await bulk('post', made[0]!.code, fourth!.code)).body.jobId as string);
    expect(again.result).toMatchObject({ total: 4, posted: 1, alreadyDone: 3, skipped: 3, failed: 0 });
    const closed = await app.api.get('/api/Vouchers').query({ status: 'posted', pageSize: 500 }).set(headers);
    const ids = (closed.body.items as { id: string }[]).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(made.slice(0, 4).map((v) => v.id)));
    expect(ids).not.toContain(made[4]!.id);
  }, 60_000);

  it('post then unpost leaves every balance as before and each voucher an entry and its reversal', async () => {
    const before = await balances();
    const made = await many(7);
    // the range crosses 9 to 10: codes compare as numbers ('10' < '9' as text)
    expect(codeNumber(made[0]!.code)).toBeLessThan(10);
    expect(codeNumber(made[6]!.code)).toBeGreaterThanOrEqual(10);
    const from = made[0]!.code;
    const to = made[6]!.code;
    const posted = await waitJob((await bulk('post', from, to)).body.jobId as string);
    expect(posted.result).toMatchObject({ posted: 7, failed: 0 });
    expect(nonZero(await balances())).not.toEqual(nonZero(before));
    const unposted = await waitJob((await bulk('unpost', from, to)).body.jobId as string);
    expect(unposted.result).toMatchObject({ action: 'unpost', total: 7, posted: 7, failed: 0 });
    expect(nonZero(await balances())).toEqual(nonZero(before));
    for (const v of made) {
      expect(await statusOf(v.id)).toBe('unposted');
      const trail = await entriesOf(v.id);
      expect(trail).toHaveLength(2);
      expect(trail[1]!.reverses_entry_id).toBe(trail[0]!.id);
    }
    const open = await app.api.get('/api/Vouchers').query({ status: 'unposted', pageSize: 500 }).set(headers);
    expect((open.body.items as { id: string }[]).map((v) => v.id)).toEqual(
      expect.arrayContaining(made.map((v) => v.id)),
    );
  }, 60_000);

  it('gives exactly one 202 and one 409 to two overlapping runs at the same instant; the range waits; a disjoint range runs', async () => {
    const made = await many(6);
    // the runner waits, so the first run is still active when the others arrive
    await accounts().deps.jobs.stop();
    try {
      const [a, b] = await Promise.all([
        bulk('post', made[0]!.code, made[3]!.code),
        bulk('unpost', made[2]!.code, made[4]!.code, { Language: 'ar' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([202, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body.code).toBe('postingInProgress');
      expect(lost.body.detail).toBe(
        lost === a ? 'The transaction has an active posting in progress' : 'يجري حاليًا ترحيل هذه الحركة',
      );
      const en = await bulk('post', made[3]!.code, made[3]!.code);
      expect(en.status).toBe(409);
      expect(en.body.detail).toBe('The transaction has an active posting in progress');
      // a voucher inside the queued run's range waits for it; one outside posts as usual
      const inside = await app.api.post(`/api/Vouchers/${made[2]!.id}/post`).set(headers);
      expect(inside.status).toBe(409);
      expect(inside.body.detail).toBe('Please wait while posting or cancelling posting finishes');
      expect((await app.api.delete(`/api/Vouchers/${made[2]!.id}`).set(headers)).status).toBe(409);
      expect((await app.api.post(`/api/Vouchers/${made[5]!.id}/post`).set(headers)).status).toBe(200);
      const disjoint = await bulk('post', made[5]!.code, made[5]!.code);
      expect(disjoint.status).toBe(202);
    } finally {
      await accounts().deps.jobs.start();
    }
    const runs = (await db()('bulk_posting_runs').select('job_id')) as { job_id: string }[];
    for (const r of runs) await waitJob(r.job_id);
    // once the run is over the range is free again
    expect((await bulk('post', made[0]!.code, made[5]!.code)).status).toBe(202);
    for (const r of (await db()('bulk_posting_runs').select('job_id')) as { job_id: string }[])
      await waitJob(r.job_id);
  }, 60_000);

  it('a chunk that dies books nothing; the restarted job resumes and books each voucher once', async () => {
    const made = await many(6);
    await accounts().deps.jobs.stop();
    let jobId = '';
    try {
      const res = await bulk('post', made[0]!.code, made[5]!.code);
      expect(res.status).toBe(202);
      jobId = res.body.jobId as string;
      const row = await db()('jobs').where({ id: jobId }).first();
      const kind = bulkPostingJob(accounts().deps);
      const entries = async () =>
        Number(
          (
            (await db()('journal_entries')
              .whereIn(
                'source_id',
                made.map((v) => v.id),
              )
              .count({ n: '*' })) as {
              n: unknown;
            }[]
          )[0]!.n,
        );
      const ctx = {
        requestId: 'test',
        correlationId: 'test',
        language: 'en' as const,
        branchId,
        fiscalYear: year,
        allowedBranches: null,
        principal: { ...JSON.parse(String(row.context)).principal, permissions: new Set<string>() },
      };
      const run = (
        checkpoint: (trx: never, state: unknown, done: number) => Promise<void>,
        state: unknown,
      ) => ({
        id: jobId,
        tenantId: String(row.tenant_id),
        resource: String(row.resource),
        input: JSON.parse(String(row.input)),
        state: state as never,
        ctx: ctx as never,
        budgetMs: 0,
        resumed: false,
        checkpoint,
        reject: async () => undefined,
      });
      // the process dies at the checkpoint: the chunk's postings roll back with it
      await expect(
        kind.step(
          run(
            async () => {
              throw new Error('the process died');
            },
            kind.initialState(JSON.parse(String(row.input))),
          ),
        ),
      ).rejects.toThrow('the process died');
      expect(await entries()).toBe(0);
      expect(await statusOf(made[0]!.id)).toBe('unposted');
      // one chunk commits (one voucher with a zero budget), then a new runner takes the job over
      const first = await kind.step(
        run(
          async (trx, state, done) => {
            await (trx as unknown as Db)('jobs')
              .where({ id: jobId })
              .update({ state: JSON.stringify(state), done, status: 'running' });
          },
          kind.initialState(JSON.parse(String(row.input))),
        ),
      );
      expect(first.done).toBe(1);
      expect(await entries()).toBe(1);
    } finally {
      const restarted = new JobRunner(db(), createLogger('test'), {
        exclusive: engine === 'sqlite',
        pollMs: 50,
        leaseMs: 1,
      });
      restarted.register([bulkPostingJob(accounts().deps)]);
      await restarted.start();
      await waitJob(jobId);
      await restarted.stop();
      await accounts().deps.jobs.start();
    }
    const job = await waitJob(jobId);
    expect(job.status).toBe('succeeded');
    // the committed chunk's voucher is counted from its checkpoint, not seen again as already posted
    expect(job.result).toMatchObject({ total: 6, posted: 6, alreadyDone: 0, failed: 0 });
    for (const v of made) {
      expect(await statusOf(v.id)).toBe('posted');
      expect(await entriesOf(v.id)).toHaveLength(1);
    }
  }, 60_000);

  it('reports a refused and a broken document with their reasons and leaves them as they were', async () => {
    const made = await many(4);
    const registry = postingRegistry(accounts().deps);
    const real = documentPostable(accounts().deps, vouchers, 'posting.types.vouchers');
    registry.register({
      ...real,
      type: 'testVouchers',
      async post(trx, ctx, id) {
        await real.post(trx, ctx, id);
        // after the voucher's entry is written: the savepoint must take it back
        if (id === made[1]!.id) throw new Error('disk on fire');
        if (id === made[2]!.id) throw new AppError(409, 'documentStatusChanged');
      },
    });
    const res = await app.api
      .post('/api/Vouchers/post')
      .set(headers)
      .send({ documentType: 'testVouchers', fromCode: made[0]!.code, toCode: made[3]!.code });
    expect(res.status).toBe(202);
    const job = await waitJob(res.body.jobId as string);
    expect(job.result).toMatchObject({ total: 4, posted: 2, refused: 1, skipped: 1, failed: 1 });
    expect(job.rejected).toEqual([
      { row: 2, reasons: [`${made[1]!.code}: Something went wrong; the change was not saved`] },
      { row: 3, reasons: [`${made[2]!.code}: The document's status has changed; reload it and try again`] },
    ]);
    for (const v of [made[1]!, made[2]!]) {
      expect(await statusOf(v.id)).toBe('unposted');
      expect(await entriesOf(v.id)).toHaveLength(0);
    }
    expect(await statusOf(made[3]!.id)).toBe('posted');
  }, 60_000);

  it('walks per-year codes across years in numbering order, page by page', async () => {
    const tenantId = String((await db()('doc_vouchers').first('tenant_id')).tenant_id);
    const now = new Date().toISOString();
    const row = (year: number, seq: number, status: string) => ({
      id: `years-${year}-${seq}`,
      tenant_id: tenantId,
      branch_id: 'branch-years',
      code: `${String(year).slice(2)}-${seq}`,
      year,
      seq,
      date: `${year}-03-01`,
      status,
      reference_number: '',
      notes: '',
      revision: 1,
      total_quantity: 0,
      total_value: 0,
      created_at: now,
      updated_at: now,
    });
    await db()('doc_vouchers').insert([
      row(2025, 8, 'unposted'),
      row(2025, 9, 'unposted'),
      row(2025, 10, 'posted'),
      row(2026, 1, 'unposted'),
      row(2026, 2, 'unposted'),
    ]);
    const type = documentPostable(accounts().deps, vouchers, 'posting.types.vouchers');
    const range = { fromCode: '25-9', toCode: '26-1' };
    expect(await type.countInRange(db(), tenantId, 'branch-years', range)).toBe(3);
    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await type.listInRange(db(), tenantId, 'branch-years', range, 'post', { after, limit: 1 });
      if (!page.length) break;
      walked.push(...page.map((d) => `${d.code}:${d.pending}`));
      after = page[page.length - 1]!.code;
    }
    expect(walked).toEqual(['25-9:true', '25-10:false', '26-1:true']);
    await db()('doc_vouchers').where({ branch_id: 'branch-years' }).delete();
  });

  it('refuses an unknown type, a reversed range, a foreign branch and a caller without gLPost', async () => {
    const unknown = await app.api
      .post('/api/Vouchers/post')
      .set(headers)
      .send({ documentType: 'nothing', fromCode: '1', toCode: '2' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'documentType' });
    const reversed = await bulk('post', '9', '3');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({ field: 'toCode' });
    expect((await bulk('post', 'abc', '3')).status).toBe(400);

    const other = await app.api
      .post('/api/Branches')
      .set(headers)
      .send({ code: String(90 + Math.floor(Math.random() * 9)), arabicName: 'فرع آخر' });
    expect(other.status).toBe(201);
    await app.flush();
    const makeUser = (userName: string, permissions: string[]) =>
      app.api
        .post('/api/Users')
        .set(headers)
        .send({
          fullName: userName,
          userName,
          password,
          confirmPassword: password,
          branches: [branchId],
          permissions,
        });
    expect((await makeUser('poster', ['gLPost', 'viewVouchers'])).status).toBe(201);
    expect((await makeUser('viewer', ['viewVouchers'])).status).toBe(201);
    await app.flush();
    const poster = await login(app, 'poster', password);
    const viewer = await login(app, 'viewer', password);
    const as = (token: string, branch: string) => ({ ...bearer(token), BranchId: branch, Language: 'en' });
    const body = { documentType: 'vouchers', fromCode: '1', toCode: '3' };
    const foreign = await app.api
      .post('/api/Vouchers/post')
      .set(as(poster.token, other.body.id as string))
      .send(body);
    expect(foreign.status).toBe(403);
    const denied = await app.api.post('/api/Vouchers/unpost').set(as(viewer.token, branchId)).send(body);
    expect(denied.status).toBe(403);
    expect((await app.api.get('/api/Vouchers/post/types').set(as(viewer.token, branchId))).status).toBe(403);
    const types = await app.api.get('/api/Vouchers/post/types').set(as(poster.token, branchId));
    expect(types.status).toBe(200);
    expect(types.body.items).toEqual(
      expect.arrayContaining([{ type: 'vouchers', labelKey: 'posting.types.vouchers' }]),
    );
    expect(await db()('bulk_posting_runs').where({ branch_id: other.body.id }).first()).toBeUndefined();
  }, 60_000);
});
