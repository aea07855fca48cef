import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { openDatabase } from '@erp/service-kit';

/** What an archive holds, written beside the databases (`manifest.json`). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** One SQLite file per service (`identity.sqlite`, ...), each a consistent snapshot of its own. */
  databases: string[];
  /** Other files of the data folder kept with them (the token secret, so sessions survive a restore). */
  files: string[];
}

const KEPT_FILES = ['jwt-secret'];

function privateDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * A backup of the embedded mode while it runs (issue 10 item 6): each service's SQLite file is copied with
 * `VACUUM INTO`, a snapshot taken inside one read transaction (WAL: the product keeps writing meanwhile and
 * nothing it acknowledged before the snapshot is missing), then the snapshots and a manifest go into one gzip'd
 * tar archive, readable by its owner only.
 */
export async function backupEmbedded(
  dataDir: string,
  archive: string,
): Promise<BackupManifest & { bytes: number }> {
  const databases = readdirSync(dataDir)
    .filter((f) => f.endsWith('.sqlite'))
    .sort();
  if (databases.length === 0) throw new Error(`no databases in ${dataDir}: nothing to back up`);
  const work = privateDir('erp-backup-');
  try {
    for (const file of databases) {
      const db = await openDatabase({ client: 'sqlite', filename: path.join(dataDir, file) });
      try {
        await db.raw('VACUUM INTO ?', [path.join(work, file)]);
      } finally {
        await db.destroy();
      }
    }
    const files = KEPT_FILES.filter((f) => existsSync(path.join(dataDir, f)));
    for (const f of files)
      writeFileSync(path.join(work, f), readFileSync(path.join(dataDir, f)), { mode: 0o600 });
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), databases, files };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    await tar.create({ gzip: true, file: archive, cwd: work, portable: true }, [
      'manifest.json',
      ...databases,
      ...files,
    ]);
    chmodSync(archive, 0o600);
    return { ...manifest, bytes: statSync(archive).size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Brings an archive back into the data folder. The product must be stopped: a database still open leaves its
 * `-wal` file, which makes this refuse unless forced. Every snapshot is checked (`PRAGMA integrity_check`) before
 * anything moves; the data folder it replaces is kept beside it (`<data>.before-restore-<time>`), never deleted.
 */
export async function restoreEmbedded(
  archive: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; previous: string | null }> {
  if (existsSync(dataDir) && !options.force) {
    const open = readdirSync(dataDir).filter(
      (f) => f.endsWith('.sqlite-wal') && statSync(path.join(dataDir, f)).size > 0,
    );
    if (open.length) {
      throw new Error(
        `${open.join(', ')} in ${dataDir}: the product seems to be running (stop it first, or pass --force)`,
      );
    }
  }
  const work = privateDir('erp-restore-');
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
    const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
    for (const file of manifest.databases) {
      const db = await openDatabase({ client: 'sqlite', filename: path.join(work, file) });
      try {
        const rows = (await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[];
        if (rows[0]?.integrity_check !== 'ok') throw new Error(`${file} in the archive is damaged`);
      } finally {
        await db.destroy();
      }
    }
    let previous: string | null = null;
    if (existsSync(dataDir)) {
      previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, previous);
    }
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    for (const file of [...manifest.databases, ...manifest.files]) {
      const target = path.join(dataDir, file);
      writeFileSync(target, readFileSync(path.join(work, file)), { mode: 0o600 });
      chmodSync(target, 0o600);
    }
    return { manifest, previous };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
