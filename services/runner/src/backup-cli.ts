import path from 'node:path';
import { backupEmbedded, restoreEmbedded } from './backup';
import { dataDir } from './config';

/**
 * `pnpm backup [archive]` and `pnpm restore <archive> [--force]` for the embedded mode (README, 'Backups').
 * The backup runs while the product runs; the restore needs it stopped.
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const dir = dataDir();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const archive = path.resolve(rest[0] ?? path.join(path.dirname(dir), 'backups', `erp-${stamp}.tar.gz`));
    const started = Date.now();
    const result = await backupEmbedded(dir, archive);
    process.stdout.write(
      `backup of ${result.databases.length} databases written to ${archive} ` +
        `(${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    return;
  }
  if (command === 'restore' && rest[0]) {
    const { manifest, previous } = await restoreEmbedded(path.resolve(rest[0]), dir, {
      force: rest.includes('--force'),
    });
    process.stdout.write(
      `restored ${manifest.databases.length} databases of ${manifest.createdAt} into ${dir}` +
        (previous ? `; the data folder it replaced is kept at ${previous}` : '') +
        '\n',
    );
    return;
  }
  process.stderr.write('usage: pnpm backup [archive] | pnpm restore <archive> [--force]\n');
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
