import { spawn, type ChildProcess } from 'node:child_process';
import { supervise, type Supervised } from './supervisor';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { serviceNames } from '@erp/contracts';
import { featureAppUrlVariable, featureApps } from '@erp/gateway/web';
import { repoRoot, requireEnv } from './config';
import { ensureWebBuilt } from './web-build';

export interface ProcessSpec {
  name: string;
  port: number;
  env: Record<string, string>;
  /** A command the process runs under (e.g. `ip netns exec <ns>` for the fault run's network cuts). */
  wrap?: string[];
}

/** The feature apps' servers of the distributed mode, each on its own origin (design.md section 4). */
export interface DistributedWebOptions {
  /** First port of the feature apps' servers; each app takes the next one, in folder order. */
  port: number;
  /** The host name the browser reaches the gateway and the feature apps by: default `localhost`. */
  publicHost?: string;
}

/** Where each feature app is served and the origin the shell is served from. */
export interface DistributedWebPlan {
  shellOrigin: string;
  apps: { target: string; dir: string; name: string; port: number; url: string }[];
}

export function distributedWebPlan(
  web: DistributedWebOptions,
  gatewayPort: number,
  root = repoRoot,
): DistributedWebPlan {
  const host = web.publicHost ?? 'localhost';
  return {
    shellOrigin: `http://${host}:${gatewayPort}`,
    apps: featureApps(root).map((app, i) => ({
      target: `web-${app.dir}`,
      dir: app.dir,
      name: app.name,
      port: web.port + i,
      url: `http://${host}:${web.port + i}`,
    })),
  };
}

export interface DistributedOptions {
  mysqlUrl: string;
  kafkaBrokers: string;
  gatewayPort: number;
  /** First port of the services; each service takes the next one. */
  servicePort: number;
  jwtSecret: string;
  dbPrefix?: string;
  providerKey?: string;
  /** Serve the web frontends: the shell from the gateway, each feature app from its own server (origin). */
  web?: DistributedWebOptions;
  env?: Record<string, string>;
  /** Where each process's output goes; default: this process's stdout, prefixed. */
  output?: (name: string, line: string) => void;
  /** Per process: a command to run under and variables of its own (the fault run's network namespaces). */
  placement?: (name: string) => { wrap?: string[]; env?: Record<string, string> } | undefined;
}

export interface ManagedProcess {
  spec: ProcessSpec;
  child: ChildProcess;
  /** SIGKILL: the process dies at once, mid-transaction or mid-publish. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<ManagedProcess>;
}

const MAIN = path.join(repoRoot, 'services', 'runner', 'src', 'service-main.ts');

function launch(spec: ProcessSpec, output: (name: string, line: string) => void): ManagedProcess {
  // node with tsx's loader rather than the tsx CLI, whose extra child process a SIGKILL would miss
  const command = [...(spec.wrap ?? []), process.execPath, '--import', 'tsx', MAIN, spec.name];
  // a wrapper must exec node in its place (as `ip netns exec` does): a signal then reaches node itself
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, ...spec.env, PORT: String(spec.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) output(spec.name, line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const managed: ManagedProcess = {
    spec,
    child,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async restart() {
      await managed.kill('SIGTERM');
      const next = launch(spec, output);
      try {
        await waitUntilUp(next, 60_000);
      } catch (error) {
        // the caller never gets `next`: do not leave it running
        await next.kill('SIGKILL');
        throw error;
      }
      return next;
    },
  };
  return managed;
}

/** Waits for the process's /healthz; fails at once (not at the timeout) if the process exits first. */
async function waitUntilUp(managed: ManagedProcess, timeoutMs: number): Promise<void> {
  const { child, spec } = managed;
  let onExit: (() => void) | undefined;
  const exited = new Promise<never>((_, reject) => {
    onExit = () =>
      reject(
        new Error(
          `${spec.name} exited (code ${child.exitCode}, signal ${child.signalCode}) before answering /healthz`,
        ),
      );
    if (child.exitCode !== null || child.signalCode !== null) onExit();
    else child.once('exit', onExit);
  });
  const polling = new AbortController();
  const up = waitForHttp(`http://127.0.0.1:${spec.port}/healthz`, timeoutMs, polling.signal);
  up.catch(() => undefined);
  exited.catch(() => undefined);
  try {
    await Promise.race([up, exited]);
  } finally {
    polling.abort(); // no polling left behind when the process exited first
    if (onExit) child.removeListener('exit', onExit);
  }
}

export async function waitForHttp(url: string, timeoutMs: number, stop?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // the last answer or failure, named in the time-out (an unhealthy consumer's state and error, say)
  let last: string;
  for (;;) {
    if (stop?.aborted) throw new Error(`stopped waiting for ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
      last = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      // not up yet; fetch's own error says only 'fetch failed': its cause names the refusal or the reset
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      last = cause ? `${String(error)}: ${cause.code ?? cause.message}` : String(error);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url} (last: ${last})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Distributed mode as local processes (design.md section 4): every service and the gateway in its own
 * process, one MySQL database each, Kafka between them, the gateway proxying over HTTP.
 */
export async function startDistributed(options: DistributedOptions): Promise<Record<string, ManagedProcess>> {
  const output = options.output ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`));
  const base: Record<string, string> = {
    MYSQL_URL: options.mysqlUrl,
    KAFKA_BROKERS: options.kafkaBrokers,
    ERP_JWT_SECRET: options.jwtSecret,
    ERP_DB_PREFIX: options.dbPrefix ?? 'erp_',
    // services ask each other through the gateway (a save-time policy: no negative stock)
    ERP_GATEWAY_URL: `http://127.0.0.1:${options.gatewayPort}`,
    ...(options.providerKey ? { ERP_PROVIDER_KEY: options.providerKey } : {}),
    ...options.env,
  };
  const specs: ProcessSpec[] = serviceNames.map((name, i) => ({
    name,
    port: options.servicePort + i,
    env: base,
  }));
  const urls = Object.fromEntries(
    specs.map((s) => [`ERP_${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.port}`]),
  );
  // Each feature app on its own origin; the gateway lists their public URLs in /remotes.json and its CSP.
  const plan = options.web ? distributedWebPlan(options.web, options.gatewayPort) : null;
  const appUrls = Object.fromEntries((plan?.apps ?? []).map((a) => [featureAppUrlVariable(a), a.url]));
  for (const app of plan?.apps ?? []) {
    specs.push({
      name: app.target,
      port: app.port,
      env: { ...options.env, ERP_SHELL_ORIGIN: plan!.shellOrigin },
    });
  }
  specs.push({ name: 'gateway', port: options.gatewayPort, env: { ...base, ...urls, ...appUrls } });
  for (const spec of specs) {
    const placed = options.placement?.(spec.name);
    if (placed?.wrap) spec.wrap = placed.wrap;
    if (placed?.env) spec.env = { ...spec.env, ...placed.env };
  }
  const processes: Record<string, ManagedProcess> = {};
  for (const spec of specs) processes[spec.name] = launch(spec, output);
  try {
    await Promise.all(Object.values(processes).map((p) => waitUntilUp(p, 90_000)));
    await waitForHttp(`http://127.0.0.1:${options.gatewayPort}/api/health`, 30_000);
  } catch (error) {
    // the caller gets no handles when this throws: stop what was started
    await Promise.all(Object.values(processes).map((p) => p.kill('SIGKILL')));
    throw error;
  }
  return processes;
}

/** A managed process as the supervisor watches it. */
function supervised(managed: ManagedProcess): Supervised {
  const { child } = managed;
  return {
    name: managed.spec.name,
    exited: () =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
        : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    stop: () => managed.kill('SIGTERM'),
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const gatewayPort = Number(env.PORT ?? 8080);
  const web: DistributedWebOptions = {
    port: Number(env.ERP_WEB_PORT ?? 8201),
    publicHost: env.ERP_PUBLIC_HOST || 'localhost',
  };
  ensureWebBuilt(repoRoot, (line) => process.stdout.write(`${line}\n`));
  const processes = await startDistributed({
    mysqlUrl: requireEnv('MYSQL_URL'),
    kafkaBrokers: requireEnv('KAFKA_BROKERS'),
    gatewayPort,
    servicePort: Number(env.ERP_SERVICE_PORT ?? 8101),
    jwtSecret: env.ERP_JWT_SECRET ?? randomBytes(48).toString('base64url'),
    dbPrefix: env.ERP_DB_PREFIX || undefined,
    providerKey: env.ERP_PROVIDER_KEY,
    web,
  });
  const plan = distributedWebPlan(web, gatewayPort);
  process.stdout.write(
    [
      '',
      `  ERP platform (distributed mode) is running at ${plan.shellOrigin}`,
      `  API docs: ${plan.shellOrigin}/api/docs   health: ${plan.shellOrigin}/api/health`,
      '  feature apps, each on its own origin:',
      ...plan.apps.map((a) => `    ${a.name.padEnd(16)} ${a.url}/remoteEntry.js`),
      '',
    ].join('\n') + '\n',
  );
  // a child that dies is started again, with backoff, and the console says so (issue 10 item 5)
  const supervisor = supervise(
    Object.values(processes).map(supervised),
    async (name) => {
      processes[name] = await processes[name]!.restart();
      return supervised(processes[name]);
    },
    { say: (line) => process.stdout.write(`[supervisor] ${line}\n`) },
  );
  const stop = () => {
    supervisor.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  });
}
