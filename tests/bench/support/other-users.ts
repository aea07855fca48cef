import { Worker } from 'node:worker_threads';

/**
 * Other users' requests for a benchmark, sent one at a time from a worker thread: the server under test runs in
 * the benchmark's own process, and a client on the same event loop would count the server's busy moments
 * twice (its request waits to be sent, its answer waits to be read). Each sample: when it was sent (ms since
 * the epoch, comparable across threads), how long the answer took, and which url it asked.
 */
export interface Sample {
  at: number;
  ms: number;
  /** which of the urls it was */
  url: number;
}

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers } = workerData;
let running = false;
let samples = [];
async function once(i) {
  const start = performance.now();
  const res = await fetch(urls[i % urls.length], { headers });
  await res.arrayBuffer();
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

  constructor(urls: string[], headers: Record<string, string>) {
    this.worker = new Worker(SOURCE, { eval: true, workerData: { urls, headers } });
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
