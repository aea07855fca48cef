import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
// only the web module: a feature app's process loads no service, database or broker code
import { createFeatureAppServer, featureApps } from '@erp/gateway/web';

/** The run target of a feature app's server: `web-mfe-sales` serves `mfe-sales/dist`. */
export const FEATURE_APP_TARGET = /^web-(mfe-[a-z0-9-]+)$/;

export interface FeatureAppServerOptions {
  root: string;
  /** The feature app's folder: `mfe-sales`. */
  app: string;
  port: number;
  host?: string;
  /** The shell's origins, allowed by CORS (ERP_SHELL_ORIGIN). */
  shellOrigins: string[];
}

export interface RunningFeatureApp {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/** The shell's origins from ERP_SHELL_ORIGIN (comma-separated), each checked to be an origin. */
export function parseShellOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!origins.length) throw new Error('ERP_SHELL_ORIGIN is required (the origin the shell is served from)');
  for (const origin of origins) {
    if (!/^https?:\/\//.test(origin) || new URL(origin).origin !== origin) {
      throw new Error(`ERP_SHELL_ORIGIN: '${origin}' is not an origin (scheme://host[:port], no path)`);
    }
  }
  return origins;
}

/** One feature app served from its own origin (distributed mode, design.md section 4). */
export async function startFeatureAppServer(options: FeatureAppServerOptions): Promise<RunningFeatureApp> {
  const known = featureApps(options.root).map((a) => a.dir);
  if (!known.includes(options.app)) {
    throw new Error(`unknown feature app '${options.app}'; one of: ${known.join(', ')}`);
  }
  const dir = path.join(options.root, options.app, 'dist');
  if (!existsSync(path.join(dir, 'remoteEntry.js'))) {
    throw new Error(`${options.app} is not built (${dir}/remoteEntry.js): run \`pnpm build:web\``);
  }
  const app = createFeatureAppServer({ dir, shellOrigins: options.shellOrigins });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    server,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `service-main web-mfe-sales`: PORT, HOST and ERP_SHELL_ORIGIN from the environment. */
export async function runFeatureApp(target: string, root: string, env = process.env): Promise<void> {
  const app = FEATURE_APP_TARGET.exec(target)?.[1] ?? '';
  const running = await startFeatureAppServer({
    root,
    app,
    port: Number(env.PORT ?? 0),
    host: env.HOST ?? '127.0.0.1',
    shellOrigins: parseShellOrigins(env.ERP_SHELL_ORIGIN),
  });
  process.stdout.write(`${app} listening at ${running.url} (CORS: ${env.ERP_SHELL_ORIGIN})\n`);
  const shutdown = () => {
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
