// A TCP relay for the fault run's network namespaces (netns.ts): `node tcp-relay.mjs <listen>=<target> ...`,
// each side `host:port`. Inside a namespace it keeps every address a service knows as 127.0.0.1 (the database,
// the broker, the gateway); on the host it carries the namespace's links. Plain JavaScript: it starts in
// milliseconds, with no loader.
import net from 'node:net';
import { pathToFileURL } from 'node:url';

/** Listens on `listen` and pipes each connection to `target`; resolves once listening. */
export function relay(listen, target) {
  const [lh, lp] = split(listen);
  const [th, tp] = split(target);
  const server = net.createServer((inbound) => {
    const outbound = net.connect(tp, th);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', close).on('close', close);
    outbound.on('error', close).on('close', close);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(lp, lh, () => resolve(server));
  });
}

function split(address) {
  const at = address.lastIndexOf(':');
  return [address.slice(0, at), Number(address.slice(at + 1))];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pairs = process.argv.slice(2).map((a) => a.split('='));
  Promise.all(pairs.map(([listen, target]) => relay(listen, target))).then(
    () => process.stdout.write('relaying\n'),
    (error) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
