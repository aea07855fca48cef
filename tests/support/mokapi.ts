import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { buildAsyncApi } from '@erp/contracts';

export interface Mokapi {
  /** `127.0.0.1:<port>`, for kafkajs `brokers`. */
  brokers: string[];
  stop(): Promise<void>;
}

export interface MokapiOptions {
  /** Kafka port; a free one by default. */
  port?: number;
  /** How long to wait for the Kafka port (default 15 s). */
  timeoutMs?: number;
  /** Kafka's `group.initial.rebalance.delay.ms`: 100 here (3000 in Kafka and mokapi; 0 means 3000 in mokapi). */
  groupInitialRebalanceDelayMs?: number;
  /** The installations' topic prefixes (KafkaBus `prefix`): the broker serves each one's topics. */
  topicPrefixes?: readonly string[];
}

const HOST = '127.0.0.1';

/**
 * Starts go-mokapi as a Kafka-protocol broker serving every topic of the contracts (the AsyncAPI document
 * built from them, so records are validated against the event schemas). State is in memory: each start is
 * an empty broker. Runs the platform binary directly, in its own process group, and kills the group on stop.
 */
export async function startMokapi(options: MokapiOptions = {}): Promise<Mokapi> {
  const port = options.port ?? (await freePort());
  // Readiness is "the port accepts connections", which would be a lie if something else already listens there.
  if (await accepts(port)) throw new Error(`cannot start mokapi: port ${port} is already in use`);
  const dir = mkdtempSync(join(tmpdir(), 'mokapi-'));
  const file = join(dir, 'asyncapi.yaml');
  const docs = (options.topicPrefixes ?? ['']).map((prefix) => buildAsyncApi(`${HOST}:${port}`, prefix));
  const doc = { ...docs[0]!, channels: Object.assign({}, ...docs.map((d) => d.channels)) };
  // A new group's first rebalance waits this long for more members: 3 s by default (as in Kafka), which every
  // test would pay per subscribe. mokapi reads 0 as unset, hence a small positive default.
  const bindings = {
    kafka: { 'group.initial.rebalance.delay.ms': options.groupInitialRebalanceDelayMs ?? 100 },
  };
  const api = { ...doc, servers: { local: { ...doc.servers.local, bindings } } };
  writeFileSync(file, stringify(api, { aliasDuplicateObjects: false }));

  const child = spawn(
    mokapiBinary(),
    [
      '--api-port=0',
      '--mcp-server-enabled=false',
      '--health-enabled=false',
      // The dashboard's search index is otherwise a directory shared by every instance (/tmp/mokapi-bleve-index).
      '--api-search-enabled=false',
      '--log-level=warn',
      file,
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_000);
  });
  let exited: string | null = null;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exited (code ${code}, signal ${signal})`;
      resolve();
    }),
  );
  child.once('error', (error) => (exited = `failed to start: ${error.message}`));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (exited === null && child.pid) process.kill(-child.pid, signal); // the whole group
    } catch {
      // already gone
    }
  };
  // Detached, it would outlive a test process that dies without calling stop().
  const killOnExit = () => {
    kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (exited === null && child.pid) {
      kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), 3_000).unref(),
      );
      if ((await Promise.race([gone, timeout])) === 'timeout') {
        kill('SIGKILL');
        await gone;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (!(await accepts(port))) {
    if (exited !== null || Date.now() > deadline) {
      const why = exited !== null ? `mokapi ${exited}` : `mokapi did not open port ${port} in time`;
      await stop();
      throw new Error(`${why}; stderr:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { brokers: [`${HOST}:${port}`], stop };
}

/** The real binary of `@go-mokapi/linux-x64` (resolved through `go-mokapi`, whose optional dependency it is). */
function mokapiBinary(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`startMokapi supports linux-x64 only (here: ${process.platform}-${process.arch})`);
  }
  const wrapper = dirname(require.resolve('go-mokapi/package.json', { paths: [__dirname] }));
  // The package's main export is the path of its binary.
  const load = createRequire(__filename);
  return load(require.resolve('@go-mokapi/linux-x64', { paths: [wrapper] })) as string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
