import { Worker } from 'node:worker_threads';
import type { SignIn } from './http';

/**
 * Other users' requests for a benchmark, sent one at a time from a worker thread: the server under test runs in
 * the benchmark's own process, and a client on the same event loop would count the server's busy moments
 * twice (its request waits to be sent, its answer waits to be read). Each sample: when it was sent (ms since
 * the epoch, comparable across threads), how long the answer took, and which url it asked. Given how to sign in,
 * a request refused with 401 (the token expired) signs in again and is sent and timed anew.
 */
export interface Sample {
  at: number;
  ms: number;
  /** which of the urls it was */
  url: number;
}

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers, signIn } = workerData;
let running = false;
let samples = [];
// the session outlived its token (15 minutes): sign in again, outside the timed request
async function renew() {
  const res = await fetch(signIn.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signIn.body });
  if (!res.ok) throw new Error('sign-in again: ' + res.status);
  headers.Authorization = 'Bearer ' + (await res.json()).token;
}
async function once(i, renewed) {
  const start = performance.now();
  const res = await fetch(urls[i % urls.length], { headers });
  await res.arrayBuffer();
  if (res.status === 401 && signIn && !renewed) {
    await renew();
    return once(i, true);
  }
  if (!res.ok) throw new Error(urls[i % urls.length] + ': ' + res.status);
  samples.push({ at: performance.timeOrigin + start, ms: performance.now() - start, url: i % urls.length });
}
parentPort.on('message', async (m) => {
  try {
    if (m.run) {
      samples = [];
      for (let i = 0; i < m.run; i++) await once(i);
      parentPort.postMessage({ samples });
    } else if (m.start) {
      samples = [];
      running = true;
      for (let i = 0; running; i++) await once(i);
      parentPort.postMessage({ samples });
    } else if (m.stop) running = false;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

export class OtherUsers {
  private readonly worker: Worker;
  private pending: Promise<Sample[]> | null = null;

  constructor(urls: string[], headers: Record<string, string>, signIn?: SignIn) {
    this.worker = new Worker(SOURCE, { eval: true, workerData: { urls, headers, signIn } });
    this.worker.unref();
  }

  private answer(): Promise<Sample[]> {
    return new Promise((resolve, reject) =>
      this.worker.once('message', (m: { samples?: Sample[]; error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m.samples!),
      ),
    );
  }

  /** `n` requests in a row; resolves with their samples. */
  run(n: number): Promise<Sample[]> {
    const answer = this.answer();
    this.worker.postMessage({ run: n });
    return answer;
  }

  /** Requests in a row until `stop`. */
  start(): void {
    this.pending = this.answer();
    this.worker.postMessage({ start: true });
  }

  async stop(): Promise<Sample[]> {
    this.worker.postMessage({ stop: true });
    const samples = await this.pending!;
    await this.worker.terminate();
    return samples;
  }
}
