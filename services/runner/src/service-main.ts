import { repoRoot } from './config';
import { FEATURE_APP_TARGET, runFeatureApp } from './feature-app';

/**
 * One process of the distributed mode (a container's SERVICE): `service-main <service>` runs a service or the
 * gateway; `service-main web-mfe-<x>` serves one feature app from its own origin. The services' code is loaded
 * only for a service: a feature app's server stays a small static server.
 */
async function main(): Promise<void> {
  const target = process.argv[2] ?? '';
  if (FEATURE_APP_TARGET.test(target)) return runFeatureApp(target, repoRoot);
  const { runService } = await import('./service-process');
  return runService(target);
}

main().catch((error) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
