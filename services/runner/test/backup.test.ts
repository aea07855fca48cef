import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupEmbedded, restoreEmbedded } from '../src/backup';
import { startEmbedded, type Embedded } from '../src/embedded';

const ADMIN_PASSWORD = 'Adm1n!Secret';

async function start(dataDir: string, secret: string): Promise<Embedded> {
  return startEmbedded({
    dataDir,
    port: 0,
    jwtSecret: secret,
    env: { ERP_ADMIN_PASSWORD: ADMIN_PASSWORD },
    loginRateLimit: 10_000,
    relayPollMs: 50,
  });
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Issue 10 item 6: a backup taken while the product takes writes holds every write acknowledged before it began,
 * and a restore brings the product back on it.
 */
describe('backup and restore of the embedded mode', () => {
  const secret = randomBytes(32).toString('hex');

  it('keeps every acknowledged write of a backup taken under write load', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'erp-backup-test-'));
    const dataDir = path.join(root, 'data');
    const app = await start(dataDir, secret);
    const login = await json(`${app.url}/api/Users/auth`, {
      method: 'POST',
      body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
    });
    const headers = { Authorization: `Bearer ${String(login.body.token)}` };
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await json(`${app.url}/api/Units`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ arabicName: `وحدة ${i}` }),
        });
        expect(res.status).toBe(201);
        acknowledged.push({ id: String(res.body.id), at: Date.now() });
      }
    })();
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
    const archive = path.join(root, 'backups', 'erp.tar.gz');
    const began = Date.now();
    const result = await backupEmbedded(dataDir, archive);
    const before = acknowledged.filter((w) => w.at < began).map((w) => w.id);
    while (acknowledged.length < before.length + 20) await new Promise((r) => setTimeout(r, 10));
    writing = false;
    await writer;
    await app.stop();

    expect(result.databases).toEqual(expect.arrayContaining(['identity.sqlite', 'inventory.sqlite']));
    expect(statSync(archive).mode & 0o077).toBe(0);
    // a running product leaves its write-ahead logs: a restore over it is refused
    writeFileSync(path.join(dataDir, 'inventory.sqlite-wal'), 'x');
    await expect(restoreEmbedded(archive, dataDir)).rejects.toThrow(/running/);
    const { previous } = await restoreEmbedded(archive, dataDir, { force: true });
    expect(previous && existsSync(previous)).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual([...result.databases, ...result.files].sort());

    const restored = await start(dataDir, secret);
    try {
      const again = await json(`${restored.url}/api/Users/auth`, {
        method: 'POST',
        body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(again.status).toBe(200);
      const h = { Authorization: `Bearer ${String(again.body.token)}` };
      const list = await json(`${restored.url}/api/Units?pageSize=500`, { headers: h });
      const ids = new Set((list.body.items as { id: string }[]).map((u) => u.id));
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      // what the snapshot holds is a prefix of the writes, with no gap
      const order = acknowledged.map((w) => w.id);
      const kept = order.filter((id) => ids.has(id));
      expect(kept).toEqual(order.slice(0, kept.length));
      // and the product goes on writing on it
      const next = await json(`${restored.url}/api/Units`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({ arabicName: 'بعد الاستعادة' }),
      });
      expect(next.status).toBe(201);
    } finally {
      await restored.stop();
    }
  }, 60_000);
});
