// `pnpm mutation [module ...]`: one Stryker run per module (stryker.config.mjs lists them), one after another.
import { spawnSync } from 'node:child_process';
import { modules } from '../../stryker.config.mjs';

const names = process.argv.slice(2).filter((a) => a !== '--');
const list = names.length > 0 ? names : Object.keys(modules);
for (const name of list) {
  if (!(name in modules)) {
    console.error(`unknown module ${name}: one of ${Object.keys(modules).join(', ')}`);
    process.exit(2);
  }
}
for (const name of list) {
  console.log(`\n=== mutation: ${name} ===`);
  const run = spawnSync('stryker', ['run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ERP_MUTATION_MODULE: name },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
