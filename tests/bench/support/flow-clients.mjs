// The sustained benchmark's clients (sales-flow.ts `sustained`), in a thread of their own: plain JavaScript, so a
// worker needs no TypeScript loader. The clients are the shops' tills and browsers, other machines in life; sharing
// the product's event loop, their HTTP work (undici, JSON, ~5-10 % of its CPU) was counted against the product.
// Each client posts its branch's invoice one after another until the time is up; the answers' times in ms come
// back to the parent, or the first failure.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { requests, clients, seconds, spread } = workerData;
const latencies = [];
const until = performance.now() + seconds * 1000;

async function client(n) {
  const { url, headers, body } = requests[spread ? n % requests.length : 0];
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': randomBytes(12).toString('hex') },
      body,
    });
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
}

Promise.all(Array.from({ length: clients }, (_, n) => client(n))).then(
  () => parentPort.postMessage({ latencies }),
  (error) => parentPort.postMessage({ error: String(error?.stack ?? error) }),
);
