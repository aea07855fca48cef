import { execFile } from 'node:child_process';
import ExcelJS from 'exceljs';
import { entitiesOf } from '@erp/contracts';
import { JobRunner, createLogger, masterDataJobs } from '@erp/service-kit';
import { engines } from '../../../tests/support/databases';
import {
  ADMIN_PASSWORD,
  bearer,
  login,
  startTestApp,
  type TestApp,
} from '../../../tests/support/embedded-app';
import { deflatedFill, manyRowsSheet, minimalXlsx } from '../../../tests/support/zip-files';
import { catalogHooks } from '../src/catalog';

const USER_PASSWORD = 'Store!Pass1';
const MB = 1024 * 1024;

/** The process's memory around one call: resident growth, heap growth, and how far the peak rose. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const result = await work();
  const after = process.memoryUsage();
  return {
    result,
    rssGrowth: after.rss - before.rss,
    heapGrowth: after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    peakGrowth: process.resourceUsage().maxRSS * 1024 - peakBefore,
  };
}

/**
 * The items import (issue 9 defect 5) through the gateway: limits checked before parsing, rows read one at a
 * time by a background job whose report is fetched from the job, one import at a time per tenant.
 */
describe.each(engines())('items import on %s', (engine) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const tokens: Record<string, string> = {};
  const year = new Date().getFullYear();

  const as = (token: string, language = 'en') => ({
    ...bearer(token),
    BranchId: admin.defaultBranchId,
    FiscalYear: String(year),
    Language: language,
  });

  async function waitForJob(id: string, token: string) {
    for (;;) {
      const res = await app.api.get(`/api/inventory/jobs/${id}`).set(as(token, 'ar'));
      if (res.status !== 200) throw new Error(`job ${id}: ${res.status}`);
      if (!['queued', 'running'].includes(res.body.status)) return res.body;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    tokens.admin = admin.token;
    for (const [path, body] of [
      ['/api/ItemCategories', { arabicName: 'معلبات', code: 'CAN' }],
      ['/api/Units', { arabicName: 'حبة', code: 'PC' }],
    ] as const) {
      const res = await app.api.post(path).set(as(admin.token)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (const userName of ['clerk', 'keeper']) {
      const res = await app.api
        .post('/api/Users')
        .set(as(admin.token))
        .send({
          userName,
          fullName: userName,
          password: USER_PASSWORD,
          confirmPassword: USER_PASSWORD,
          branches: [admin.defaultBranchId],
          permissions: ['viewItems', 'addItems'],
        });
      if (res.status !== 201) throw new Error(`user ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
      await app.flush();
      tokens[userName] = (await login(app, userName, USER_PASSWORD)).token;
    }
  });
  afterAll(async () => app?.stop());

  it('imports a workbook as a background job and reports its refused rows from the job', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Items');
    sheet.addRow([
      'code',
      'arabicName',
      'barcode',
      'category',
      'mainUnit',
      'salesPrice',
      'costPrice',
      'isTaxable',
    ]);
    sheet.addRow(['', 'شاي', 'TEA-1', 'CAN', 'PC', 4.5, 3, true]);
    sheet.addRow(['', 'قهوة', 'COF-1', 'معلبات', 'حبة', '12.25', '', 'no']);
    sheet.addRow(['', 'بن', 'BEAN-1', 'nothing', 'PC', 1, 1]);
    const res = await app.api
      .post('/api/data-migration/Items')
      .set(as(tokens.clerk!, 'ar'))
      .attach('file', Buffer.from(await book.xlsx.writeBuffer()), 'items.xlsx');
    expect(res.status).toBe(202);
    expect(res.body).toEqual(expect.objectContaining({ kind: 'inventory.itemsImport', total: 3 }));
    const job = await waitForJob(res.body.id, tokens.clerk!);
    expect(job).toEqual(
      expect.objectContaining({
        status: 'succeeded',
        done: 3,
        total: 3,
        result: { imported: 2, rejected: 1 },
      }),
    );
    expect(job.rejected).toEqual([{ row: 4, reasons: [expect.stringContaining('غير موجود')] }]);
    const tea = await app.api.get('/api/Items/barcode/TEA-1').set(as(tokens.clerk!));
    expect(tea.body.item).toEqual(
      expect.objectContaining({ arabicName: 'شاي', salesPrice: '4.5', isTaxable: true }),
    );
    const coffee = await app.api.get('/api/Items/barcode/COF-1').set(as(tokens.clerk!));
    expect(coffee.body.item).toEqual(expect.objectContaining({ salesPrice: '12.25', isTaxable: false }));
  });

  describe('the attacks of issue 9 defect 5, each refused before parsing within a bounded memory growth', () => {
    const figures: string[] = [];
    afterAll(() => {
      process.stdout.write(`\nimport attacks on ${engine}:\n${figures.join('\n')}\n`);
    });

    async function attack(label: string, name: string, bytes: Buffer, key: string, limit: string) {
      const m = await measured(() =>
        app.api.post('/api/data-migration/Items').set(as(tokens.clerk!, 'ar')).attach('file', bytes, name),
      );
      figures.push(
        `  ${label} (${(bytes.length / 1024).toFixed(0)} KB): ${m.result.status}, rss +${(m.rssGrowth / MB).toFixed(1)} MB, ` +
          `heap +${(m.heapGrowth / MB).toFixed(1)} MB, peak +${(m.peakGrowth / MB).toFixed(1)} MB`,
      );
      expect(m.result.status).toBe(413);
      expect(m.result.body.code).toBe(key);
      expect(m.result.body.detail).toContain(limit);
      expect(m.result.body.detail).not.toBe(key);
      expect(m.rssGrowth).toBeLessThan(100 * MB);
      expect(m.peakGrowth).toBeLessThan(100 * MB);
    }

    it('524,000 one-character CSV rows', async () => {
      await attack(
        '524,000 CSV rows',
        'rows.csv',
        Buffer.from('a\n'.repeat(524_000)),
        'importTooManyRows',
        '10000',
      );
    });

    it('a small .xlsx holding 200,000 rows', async () => {
      await attack(
        '200,000-row .xlsx',
        'rows.xlsx',
        minimalXlsx(manyRowsSheet(200_000)),
        'importTooManyRows',
        '10000',
      );
    });

    it('a 300 KB .xlsx that expands to 300 MB, declared or not', async () => {
      const payload = await deflatedFill(300 * MB);
      await attack(
        '300 MB zip bomb',
        'bomb.xlsx',
        minimalXlsx({ deflated: payload }),
        'importTooLarge',
        '16',
      );
      await attack(
        '300 MB zip bomb declaring 1 KB',
        'bomb.xlsx',
        minimalXlsx({ deflated: payload, declaredSize: 1024 }),
        'importTooLarge',
        '16',
      );
    });
  });

  it('runs one import at a time: a second is a 409, the job is its owner’s and the admins’, and it can be cancelled while the API answers', async () => {
    // timed from another process: a client on this event loop would wait for the job's chunks itself
    const listTimes = (n: number) =>
      new Promise<number[]>((resolve, reject) => {
        const script = `
          const times = [];
          (async () => {
            for (let i = 0; i < ${n}; i++) {
              const t0 = performance.now();
              const res = await fetch(process.env.URL, { headers: JSON.parse(process.env.HEADERS) });
              await res.text();
              if (res.status !== 200) throw new Error('status ' + res.status);
              times.push(performance.now() - t0);
            }
            process.stdout.write(JSON.stringify(times));
          })().catch((e) => { console.error(e); process.exit(1); });`;
        execFile(
          process.execPath,
          ['-e', script],
          {
            env: {
              ...process.env,
              URL: `${app.embedded.url}/api/Items?pageSize=15`,
              HEADERS: JSON.stringify(as(tokens.clerk!)),
            },
          },
          (error, stdout) => {
            if (error) reject(error);
            else resolve((JSON.parse(stdout) as number[]).sort((a, b) => a - b));
          },
        );
      });
    const idle = await listTimes(30);
    const rows = ['arabicName,barcode,category,mainUnit,salesPrice'];
    for (let i = 0; i < 1500; i++) rows.push(`صنف ${i},BULK-${i},CAN,PC,${i % 50}.5`);
    const started = await app.api
      .post('/api/data-migration/Items')
      .set(as(tokens.clerk!))
      .attach('file', Buffer.from(rows.join('\n')), 'bulk.csv');
    expect(started.status).toBe(202);
    const id = started.body.id as string;

    const second = await app.api
      .post('/api/data-migration/Items')
      .set(as(tokens.keeper!, 'ar'))
      .attach('file', Buffer.from('arabicName\nx'), 'one.csv');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('jobInProgress');
    expect(second.body.detail).toBe('توجد عملية نشطة قيد التنفيذ على هذه البيانات، يرجى الانتظار حتى تنتهي');

    expect((await app.api.get(`/api/inventory/jobs/${id}`).set(as(tokens.keeper!))).status).toBe(404);
    expect((await app.api.post(`/api/inventory/jobs/${id}/cancel`).set(as(tokens.keeper!))).status).toBe(404);
    expect((await app.api.get(`/api/inventory/jobs/${id}`).set(as(tokens.admin!))).status).toBe(200);
    expect((await app.api.get(`/api/inventory/jobs/${id}`)).status).toBe(401);

    // the API stays responsive while the job's chunks run
    const latencies = await listTimes(30);
    const p50 = latencies[Math.floor(latencies.length / 2)]!;
    const p99 = latencies[latencies.length - 1]!;
    const progress = (await app.api.get(`/api/inventory/jobs/${id}`).set(as(tokens.clerk!))).body;
    process.stdout.write(
      `\nitems list on ${engine}: idle p50 ${idle[15]!.toFixed(1)} ms, max ${idle[29]!.toFixed(1)} ms; ` +
        `during a 1,500-row import p50 ${p50.toFixed(1)} ms, max ${p99.toFixed(1)} ms ` +
        `(job at ${progress.done}/${progress.total})\n`,
    );
    expect(p99).toBeLessThan(2000);

    const cancel = await app.api.post(`/api/inventory/jobs/${id}/cancel`).set(as(tokens.clerk!)).send({});
    expect(cancel.status).toBe(200);
    const job = await waitForJob(id, tokens.clerk!);
    expect(job.status === 'cancelled' || job.status === 'succeeded').toBe(true);
    const imported = await app.embedded.services
      .inventory!.db('md_items')
      .where('barcode', 'like', 'BULK-%')
      .count({ n: '*' });
    // every row the job counted as done was saved once, none beyond
    expect(Number(imported[0]!.n)).toBe(job.done);
    // the resource is free again
    const again = await app.api
      .post('/api/data-migration/Items')
      .set(as(tokens.keeper!))
      .attach('file', Buffer.from('arabicName,barcode,category,mainUnit\nواحد,ONE-1,CAN,PC'), 'one.csv');
    expect(again.status).toBe(202);
    expect((await waitForJob(again.body.id, tokens.keeper!)).result).toEqual({
      imported: 1,
      rejected: 0,
    });
  });

  it('resumes an import after its process stopped mid-way, saving every row exactly once', async () => {
    const rows = ['arabicName,barcode,category,mainUnit'];
    for (let i = 0; i < 200; i++) rows.push(`مستأنف ${i},RES-${i},CAN,PC`);
    const started = await app.api
      .post('/api/data-migration/Items')
      .set(as(tokens.clerk!))
      .attach('file', Buffer.from(rows.join('\n')), 'resume.csv');
    expect(started.status).toBe(202);
    const inventory = app.embedded.services.inventory!;
    for (;;) {
      const job = (await app.api.get(`/api/inventory/jobs/${started.body.id}`).set(as(tokens.clerk!))).body;
      if (job.done >= 30) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    // the process dies between two chunks; a new one starts on the same database
    await inventory.deps.jobs.stop();
    const halfway = (await app.api.get(`/api/inventory/jobs/${started.body.id}`).set(as(tokens.clerk!))).body;
    expect(halfway.status).toBe('running');
    expect(halfway.done).toBeLessThan(200);
    const restarted = new JobRunner(inventory.db, createLogger('test'), { exclusive: true, pollMs: 50 });
    restarted.register(masterDataJobs(inventory.deps, entitiesOf('inventory'), catalogHooks));
    await restarted.start();
    try {
      const job = await waitForJob(started.body.id, tokens.clerk!);
      expect(job).toEqual(
        expect.objectContaining({ status: 'succeeded', result: { imported: 200, rejected: 0 } }),
      );
      const saved = (await inventory.db('md_items').where('barcode', 'like', 'RES-%').select('barcode')) as {
        barcode: string;
      }[];
      expect(saved).toHaveLength(200);
      expect(new Set(saved.map((r) => r.barcode)).size).toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});
