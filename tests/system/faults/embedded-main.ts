import { startEmbedded } from '@erp/runner';

/**
 * The embedded mode's one process for the fault run (run-embedded.ts): the product as `pnpm start` runs it (the
 * gateway and every service in this process, SQLite files under ERP_DATA_DIR, the in-process bus), without the
 * web frontends, which the run does not use (so it needs no build). Writes `ready` once it serves.
 */
async function main(): Promise<void> {
  const env = process.env;
  await startEmbedded({
    dataDir: env.ERP_DATA_DIR!,
    port: Number(env.PORT),
    host: '127.0.0.1',
    jwtSecret: env.ERP_JWT_SECRET!,
    loginRateLimit: 1_000_000,
  });
  process.stdout.write('ready\n');
}

main().catch((error) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
