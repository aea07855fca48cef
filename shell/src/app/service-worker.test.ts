import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The shell's service worker (shell/public/sw.js) run in a sandbox: its own `self`, a cache store kept in maps,
 * and a network that answers from a table or is cut. The till journey (pos-journey.spec.ts) proves the offline
 * reload in Chromium; these pin the rules that journey does not reach: a new build drops the old build's
 * hashed files, a refused cache write keeps the answer, the start reads are kept per user and branch.
 */
const SOURCE = readFileSync(path.join(__dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://erp.example';

class FakeCache {
  readonly entries = new Map<string, Response>();
  refuse = false;
  private keyOf = (r: Request | string) => (typeof r === 'string' ? r : r.url);
  async match(r: Request | string) {
    return this.entries.get(this.keyOf(r))?.clone();
  }
  async put(r: Request | string, response: Response) {
    if (this.refuse) throw new DOMException('quota', 'QuotaExceededError');
    this.entries.set(this.keyOf(r), response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(r: Request | string) {
    return this.entries.delete(this.keyOf(r));
  }
}

function worker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const cache = new FakeCache();
  const network = { up: true, answers: new Map<string, () => Response>(), asked: [] as string[] };
  const fetchFake = async (request: Request) => {
    network.asked.push(request.url);
    if (!network.up) throw new TypeError('Failed to fetch');
    const answer = network.answers.get(request.url);
    return answer ? answer() : new Response('not found', { status: 404 });
  };
  const self = {
    location: new URL(`${ORIGIN}/`),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  vm.runInNewContext(SOURCE, {
    self,
    caches: { open: async () => cache },
    fetch: fetchFake,
    crypto: globalThis.crypto,
    TextEncoder,
    URL,
    Uint8Array,
    console,
  });
  /** What the worker answers for `request`, or null when it lets the request through untouched. */
  const ask = async (request: Request): Promise<Response | null> => {
    let answer: Promise<Response> | null = null;
    listeners.get('fetch')!({ request, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer ? await answer : null;
  };
  return { cache, network, ask };
}

const page = (etag: string) => () =>
  new Response('<html>shell</html>', { status: 200, headers: { ETag: etag, 'content-type': 'text/html' } });
const file = (body: string) => () => new Response(body, { status: 200 });
// Node's Request refuses mode 'navigate' in its constructor: the worker only reads the field
function navigation(pathname: string): Request {
  const request = new Request(`${ORIGIN}${pathname}`);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
}

describe("the shell's service worker", () => {
  it('opens any page path offline from the one kept page', async () => {
    const w = worker();
    w.network.answers.set(`${ORIGIN}/pos`, page('"a"'));
    expect(await (await w.ask(navigation('/pos')))!.text()).toContain('shell');
    w.network.up = false;
    const offline = await w.ask(navigation('/sales-invoices'));
    expect(offline!.status).toBe(200);
    expect(await offline!.text()).toContain('shell');
  });

  it('drops the old build’s hashed files when a page of another build comes, and keeps the new one’s', async () => {
    const w = worker();
    const oldJs = `${ORIGIN}/main.0123456789.js`;
    const newJs = `${ORIGIN}/main.abcdef0123.js`;
    w.network.answers.set(`${ORIGIN}/`, page('"build-1"'));
    w.network.answers.set(oldJs, file('old'));
    w.network.answers.set(`${ORIGIN}/remoteEntry.js`, file('entry'));
    await w.ask(navigation('/'));
    await w.ask(new Request(oldJs));
    await w.ask(new Request(`${ORIGIN}/remoteEntry.js`));
    expect([...w.cache.entries.keys()]).toContain(oldJs);

    // the same build again keeps its files
    await w.ask(navigation('/'));
    expect([...w.cache.entries.keys()]).toContain(oldJs);

    w.network.answers.set(`${ORIGIN}/`, page('"build-2"'));
    w.network.answers.set(newJs, file('new'));
    await w.ask(navigation('/'));
    await w.ask(new Request(newJs));
    const kept = [...w.cache.entries.keys()];
    expect(kept).not.toContain(oldJs);
    expect(kept).toContain(newJs);
    // an unhashed file is not a build's: it stays, refreshed from the network first
    expect(kept).toContain(`${ORIGIN}/remoteEntry.js`);
  });

  it('serves a hashed file from the cache without asking the network again', async () => {
    const w = worker();
    const js = `${ORIGIN}/app.0123456789.js`;
    w.network.answers.set(js, file('code'));
    await w.ask(new Request(js));
    w.network.up = false;
    expect(await (await w.ask(new Request(js)))!.text()).toBe('code');
    expect(w.network.asked.filter((u) => u === js)).toHaveLength(1);
  });

  it('gives the network’s answer when the cache refuses to keep it', async () => {
    const w = worker();
    w.cache.refuse = true;
    w.network.answers.set(`${ORIGIN}/`, page('"a"'));
    const answer = await w.ask(navigation('/'));
    expect(answer!.status).toBe(200);
    expect(await answer!.text()).toContain('shell');
    expect(w.cache.entries.size).toBe(0);
  });

  it('keeps the start reads per user and branch, and lets every other API call through', async () => {
    const w = worker();
    const startUp = `${ORIGIN}/api/aggregates/StartUp`;
    let n = 0;
    w.network.answers.set(startUp, () => new Response(JSON.stringify({ n: ++n }), { status: 200 }));
    const as = (token: string, branch: string) =>
      new Request(startUp, { headers: { Authorization: `Bearer ${token}`, BranchId: branch } });
    await w.ask(as('one', 'b1'));
    await w.ask(as('two', 'b1'));
    w.network.up = false;
    expect(await (await w.ask(as('one', 'b1')))!.json()).toEqual({ n: 1 });
    expect(await (await w.ask(as('two', 'b1')))!.json()).toEqual({ n: 2 });
    // another branch of the same user was never read: nothing to give offline
    await expect(w.ask(as('one', 'b2'))).rejects.toThrow('Failed to fetch');
    // not a start read, and not a GET: the worker does not answer them
    expect(await w.ask(new Request(`${ORIGIN}/api/SalesInvoices`))).toBeNull();
    expect(await w.ask(new Request(startUp, { method: 'POST', body: '{}' }))).toBeNull();
  });

  it('does not keep an answer other than 200', async () => {
    const w = worker();
    w.network.answers.set(`${ORIGIN}/`, () => new Response('down', { status: 503 }));
    expect((await w.ask(navigation('/')))!.status).toBe(503);
    expect(w.cache.entries.size).toBe(0);
  });
});
