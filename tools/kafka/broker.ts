import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A single-node Apache Kafka (KRaft: one process is broker and controller) on the machine's Java 17, without
 * Docker: its jars come from Maven Central through pom.xml beside this file, once per machine, into a cache
 * outside the checkout; each broker gets free ports on 127.0.0.1 and a data folder of its own.
 */

const HOST = '127.0.0.1';
const POM = join(__dirname, 'pom.xml');
/** Set by this module's log4j configuration; the broker prints it once it serves clients (unfenced). */
const READY_LINE = 'Kafka Server started';

export interface KafkaJars {
  version: string;
  /** The classpath folder (`<cache>/<version>/lib`). */
  lib: string;
  /** Whether this call fetched them (false: they were in the cache). */
  downloaded: boolean;
  ms: number;
}

/** `~/.cache/erp-kafka` unless ERP_KAFKA_CACHE or XDG_CACHE_HOME say otherwise. */
export function kafkaCacheDir(): string {
  if (process.env.ERP_KAFKA_CACHE) return process.env.ERP_KAFKA_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'erp-kafka');
}

export function kafkaVersion(): string {
  const match = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) throw new Error(`no <kafka.version> in ${POM}`);
  return match[1]!;
}

/**
 * The broker's jars, fetched with `mvn dependency:copy-dependencies` when the cache lacks them or holds them
 * for another pom.xml. Fetched into a folder of its own and renamed into place, so a broker never starts on
 * half a download and two runs fetching at once do not mix.
 */
export function ensureKafkaJars(log: (line: string) => void = () => undefined): KafkaJars {
  const started = Date.now();
  const version = kafkaVersion();
  const pomHash = createHash('sha256').update(readFileSync(POM)).digest('hex');
  const home = join(kafkaCacheDir(), version);
  const marker = join(home, 'pom.sha256');
  const lib = join(home, 'lib');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === pomHash) {
    return { version, lib, downloaded: false, ms: Date.now() - started };
  }
  requireCommand(
    'mvn',
    ['-v'],
    'Maven (`mvn`) fetches the Kafka jars: install it (Debian: apt-get install maven)',
  );
  log(`fetching Apache Kafka ${version} from Maven Central into ${home} (once per machine)`);
  mkdirSync(kafkaCacheDir(), { recursive: true });
  const partial = mkdtempSync(join(kafkaCacheDir(), `${version}.partial-`));
  try {
    const mvn = spawnSync(
      'mvn',
      ['-q', '-B', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${join(partial, 'lib')}`],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (mvn.status !== 0) {
      throw new Error(
        `mvn could not fetch the Kafka jars (exit ${mvn.status}):\n${(mvn.stdout + mvn.stderr).slice(-4_000)}`,
      );
    }
    writeFileSync(join(partial, 'pom.sha256'), pomHash);
    rmSync(home, { recursive: true, force: true });
    try {
      renameSync(partial, home);
    } catch (error) {
      // another run renamed its own download into place first: use that one
      if (!existsSync(marker)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return { version, lib, downloaded: true, ms: Date.now() - started };
}

export interface KafkaBrokerOptions {
  /** Each line the broker writes (warnings and errors, and its start); kept in memory otherwise. */
  output?: (line: string) => void;
  /** The JVM's heap ceiling (default 512m: the machines are small and shared). */
  heap?: string;
  /** Default partitions of a topic created without a count. */
  partitions?: number;
  /**
   * `quick` (default) compiles with C1 only: the broker starts in about half the time on a busy machine, which
   * is what a test pays for; `full` adds C2 for a long-running broker or a benchmark.
   */
  jit?: 'quick' | 'full';
  /** The client port (default: a free one). */
  port?: number;
  /** How long to wait for the broker to serve clients (default 60 s). */
  timeoutMs?: number;
}

export interface KafkaBroker {
  /** `127.0.0.1:<port>`, for kafkajs `brokers` and KAFKA_BROKERS. */
  brokers: string[];
  /** Every port it listens on (clients, controller): for tests that pick free ports for other processes. */
  ports: number[];
  version: string;
  /** The broker's config, data and logs. */
  dir: string;
  /** How long the last (re)start took, from spawning Java to serving clients. */
  startMs: number;
  /** Stops the process (SIGTERM: a controlled shutdown; SIGKILL: a crash), keeping its data for `restart`. */
  halt(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same ports and data (topics, records and offsets kept). */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/** Starts a broker on free ports with a new data folder; resolves once it serves clients. */
export async function startKafkaBroker(options: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
  const output = options.output ?? (() => undefined);
  const jars = ensureKafkaJars(output);
  requireCommand(
    'java',
    ['-version'],
    'Java 17 runs the Kafka broker: install it (Debian: openjdk-17-jre-headless)',
  );
  const port = options.port ?? (await freePort());
  if (await accepts(port)) throw new Error(`cannot start Kafka: port ${port} is already in use`);
  let controllerPort = await freePort();
  while (controllerPort === port) controllerPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'erp-kafka-'));
  const data = join(dir, 'data');
  const properties = join(dir, 'server.properties');
  const log4j = join(dir, 'log4j2.properties');
  writeFileSync(
    properties,
    serverProperties({ port, controllerPort, data, partitions: options.partitions ?? 1 }),
  );
  writeFileSync(log4j, LOG4J);
  const classpath = join(jars.lib, '*');
  const quick = ['-XX:TieredStopAtLevel=1'];
  const jvm = [
    `-Xmx${options.heap ?? '512m'}`,
    '-Xms128m',
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${log4j}`,
    '-cp',
    classpath,
  ];

  // A KRaft node refuses to start on an unformatted log dir; the cluster id is any 16 bytes (base64url), but not
  // one starting with '-', which the tool's argument parser reads as an option (one start in 64 failed so)
  const clusterId = randomBytes(16).toString('base64url').replace(/^[-_]/, 'A');
  const format = spawnSync(
    'java',
    [...jvm, ...quick, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties],
    { encoding: 'utf8' },
  );
  if (format.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`formatting Kafka's log dir failed:\n${(format.stdout + format.stderr).slice(-4_000)}`);
  }

  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let tail: string[] = [];
  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;
  const killOnExit = () => {
    if (alive()) child!.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const broker: KafkaBroker = {
    brokers: [`${HOST}:${port}`],
    ports: [port, controllerPort],
    version: jars.version,
    dir,
    startMs: 0,
    async halt(signal = 'SIGTERM') {
      if (!alive()) return;
      child!.kill(signal);
      // a controlled shutdown takes a few seconds; never wait for ever
      const timer = setTimeout(() => alive() && child!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async restart() {
      if (alive()) throw new Error('the broker is running: halt it first');
      const started = Date.now();
      tail = [];
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      const args = [...jvm, ...(options.jit === 'full' ? [] : quick), 'kafka.Kafka', properties];
      const proc = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      let why = '';
      exited = new Promise((resolve) =>
        proc.once('exit', (code, signal) => {
          why = `exited (code ${code}, signal ${signal})`;
          resolve();
        }),
      );
      proc.once('error', (error) => (why = `failed to start: ${error.message}`));
      const onLine = (line: string) => {
        tail.push(line);
        if (tail.length > 200) tail.shift();
        output(line);
        if (line.includes(READY_LINE)) ready();
      };
      for (const stream of [proc.stdout, proc.stderr]) lines(stream!, onLine);

      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), options.timeoutMs ?? 60_000).unref(),
      );
      const outcome = await Promise.race([
        isReady.then(() => 'ready' as const),
        exited.then(() => 'exit' as const),
        timeout,
      ]);
      if (outcome !== 'ready' || !(await accepts(port))) {
        const reason = outcome === 'exit' ? `the broker ${why}` : `the broker did not start in time`;
        await broker.halt('SIGKILL');
        throw new Error(`${reason}; its output:\n${tail.join('\n')}`);
      }
      broker.startMs = Date.now() - started;
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      // its data is thrown away: no controlled shutdown needed
      await broker.halt('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await broker.restart();
  } catch (error) {
    await broker.stop();
    throw error;
  }
  return broker;
}

/**
 * Single node, both roles, plaintext on 127.0.0.1. Internal topics get one partition and one replica (a 50-way
 * offsets topic costs seconds on the first consumer group), new groups do not wait for more members, and topics
 * are never created by a produce or a fetch, as in production (the contract's topics are created explicitly).
 */
function serverProperties(p: {
  port: number;
  controllerPort: number;
  data: string;
  partitions: number;
}): string {
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${HOST}:${p.controllerPort}`,
    `listeners=PLAINTEXT://${HOST}:${p.port},CONTROLLER://${HOST}:${p.controllerPort}`,
    `advertised.listeners=PLAINTEXT://${HOST}:${p.port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${p.data}`,
    `num.partitions=${p.partitions}`,
    'auto.create.topics.enable=false',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=1',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=2',
    'num.io.threads=2',
    'num.recovery.threads.per.data.dir=1',
  ].join('\n')}\n`;
}

/** Warnings and errors only, plus the line that says the broker serves clients. */
const LOG4J = `status = warn
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d{HH:mm:ss.SSS}] %p %m (%c{1})%n
rootLogger.level = WARN
rootLogger.appenderRef.out.ref = OUT
logger.server.name = kafka.server.KafkaRaftServer
logger.server.level = INFO
`;

function requireCommand(command: string, args: string[], help: string): void {
  const probe = spawnSync(command, args, { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new Error(`${command} is missing: ${help}`);
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const line of parts) onLine(line);
  });
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
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
