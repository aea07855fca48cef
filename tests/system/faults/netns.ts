import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:net';
import path from 'node:path';
import { relay } from './tcp-relay.mjs';

/**
 * A network namespace per service for the fault run's network cuts (issue 16 item 1), made with iproute2 on
 * loopback only. Each namespace has three veth links to the host: `db` (MariaDB), `bus` (the Kafka broker) and
 * `http` (the gateway calling the service, and the service calling the gateway). A relay inside the namespace
 * listens on 127.0.0.1 at the database's, the broker's and the gateway's ports, so every address the service is
 * given (and the broker's advertised one) stays 127.0.0.1; relays on the host carry each link to the real ports.
 * A cut takes the link's host end down: packets are dropped and connections stall, as when a cable is pulled,
 * until the link comes up again.
 */
export type LinkName = 'db' | 'bus' | 'http';
const LINKS: readonly LinkName[] = ['db', 'bus', 'http'];

export interface NamespacePorts {
  mysql: number;
  kafka: number;
  gateway: number;
  /** The service's own port: the host relays 127.0.0.1:<service> into the namespace. */
  service: number;
}

export interface Namespace {
  name: string;
  service: string;
  /** `ip netns exec <name>`: the command a process of the namespace runs under. */
  wrap: string[];
  cut(link: LinkName): void;
  heal(link: LinkName): void;
  isCut(link: LinkName): boolean;
  close(): Promise<void>;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const RELAY = path.join(__dirname, 'tcp-relay.mjs');
const PREFIX = 'erpf';

/** Deletes a namespace, and first the processes still in it (its relay, a service of a run that was killed). */
function deleteNamespace(name: string): void {
  try {
    const pids = execFileSync('ip', ['netns', 'pids', name], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
    ip('netns', 'del', name); // its veth ends go with it, and their host peers
  } catch {
    // already gone
  }
}

/** Removes the namespaces an earlier run left behind (its process gone). */
export function removeStaleNamespaces(): void {
  const listed = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  for (const line of listed.split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const owner = /^erpf(\d+)-/.exec(name)?.[1];
    if (!owner) continue;
    try {
      process.kill(Number(owner), 0);
    } catch {
      deleteNamespace(name);
    }
  }
}

/** Fails with what to do when this machine cannot make namespaces (not root, no iproute2). */
export function assertNamespacesWork(): void {
  const probe = `${PREFIX}${process.pid}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
  } catch (error) {
    throw new Error(
      `the fault run's network cuts need network namespaces (root and iproute2: 'ip netns add'): ${String(error)}`,
      { cause: error },
    );
  }
}

/** The namespace of `service`, number `index` (1 to 3) of this run. */
export async function createNamespace(
  index: number,
  service: string,
  ports: NamespacePorts,
): Promise<Namespace> {
  const name = `${PREFIX}${process.pid}-${service}`;
  // third octet: this run's slot (by pid) and the namespace's index, so two runs rarely share a subnet
  const octet = ((process.pid % 80) * 3 + index) % 254;
  const hostIf = (link: LinkName) => `ef${process.pid % 100000}${index}${link[0]}h`;
  const nsIf = (link: LinkName) => `ef${process.pid % 100000}${index}${link[0]}n`;
  const hostIp = (link: LinkName) => `10.${201 + LINKS.indexOf(link)}.${octet}.1`;
  const nsIp = (link: LinkName) => `10.${201 + LINKS.indexOf(link)}.${octet}.2`;
  ip('netns', 'add', name);
  const servers: Server[] = [];
  let inner: ChildProcess | undefined;
  const cut = new Set<LinkName>();
  const close = async () => {
    inner?.kill('SIGKILL');
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(() => resolve(undefined)))));
    deleteNamespace(name);
  };
  try {
    ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
    for (const link of LINKS) {
      ip('link', 'add', hostIf(link), 'type', 'veth', 'peer', 'name', nsIf(link));
      ip('link', 'set', nsIf(link), 'netns', name);
      ip('addr', 'add', `${hostIp(link)}/24`, 'dev', hostIf(link));
      ip('link', 'set', hostIf(link), 'up');
      ip('netns', 'exec', name, 'ip', 'addr', 'add', `${nsIp(link)}/24`, 'dev', nsIf(link));
      ip('netns', 'exec', name, 'ip', 'link', 'set', nsIf(link), 'up');
    }
    // the host's ends of the links
    const hostSide: [string, string][] = [
      [`${hostIp('db')}:${ports.mysql}`, `127.0.0.1:${ports.mysql}`],
      [`${hostIp('bus')}:${ports.kafka}`, `127.0.0.1:${ports.kafka}`],
      [`${hostIp('http')}:${ports.gateway}`, `127.0.0.1:${ports.gateway}`],
      [`127.0.0.1:${ports.service}`, `${nsIp('http')}:${ports.service}`],
    ];
    for (const [listen, target] of hostSide) servers.push(await relay(listen, target));
    // the namespace's end: the real ports' addresses, relayed over the links
    inner = spawn(
      'ip',
      [
        'netns',
        'exec',
        name,
        process.execPath,
        RELAY,
        `127.0.0.1:${ports.mysql}=${hostIp('db')}:${ports.mysql}`,
        `127.0.0.1:${ports.kafka}=${hostIp('bus')}:${ports.kafka}`,
        `127.0.0.1:${ports.gateway}=${hostIp('http')}:${ports.gateway}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      inner!.stdout!.once('data', () => resolve());
      inner!.once('exit', (code) => reject(new Error(`the relay of ${name} exited with ${code}`)));
    });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    name,
    service,
    wrap: ['ip', 'netns', 'exec', name],
    cut(link) {
      ip('link', 'set', hostIf(link), 'down');
      cut.add(link);
    },
    heal(link) {
      ip('link', 'set', hostIf(link), 'up');
      cut.delete(link);
    },
    isCut: (link) => cut.has(link),
    close,
  };
}
