import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Builds the probe feature app the composition journeys inject (tests/e2e/fixtures/mfe-probe). */
export default function globalSetup(): void {
  const dir = path.join(__dirname, '..', 'fixtures', 'mfe-probe');
  const result = spawnSync(
    path.join(dir, 'node_modules', '.bin', 'rspack'),
    ['build', '-c', 'rspack.config.mjs'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('building the probe feature app failed');
}
