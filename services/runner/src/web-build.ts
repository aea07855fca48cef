import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { featureApps } from '@erp/gateway/web';

/** The web frontends: the shell and every feature app, each with the file that proves it is built. */
export function webApps(root: string): { dir: string; built: string }[] {
  const remotes = featureApps(root).map(({ dir }) => ({
    dir: path.join(root, dir),
    built: path.join(root, dir, 'dist', 'remoteEntry.js'),
  }));
  return [
    { dir: path.join(root, 'shell'), built: path.join(root, 'shell', 'dist', 'index.html') },
    ...remotes,
  ];
}

/**
 * `pnpm start` on a fresh clone: builds the frontends that are not built yet (about 2 s each), so one command
 * installs and starts the whole product (design.md section 8). `pnpm build:web` rebuilds them all.
 */
export function ensureWebBuilt(root: string, log: (line: string) => void = () => undefined): void {
  for (const app of webApps(root)) {
    if (existsSync(app.built)) continue;
    const bin = path.join(app.dir, 'node_modules', '.bin', 'rspack');
    log(`  building ${path.basename(app.dir)} (first run)…`);
    const result = spawnSync(bin, ['build', '-c', 'rspack.config.mjs', '--mode', 'production'], {
      cwd: app.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`building ${app.dir} failed (${result.status ?? result.error})`);
  }
}
