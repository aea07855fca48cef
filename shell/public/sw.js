// The shell's service worker (issue 15 deliverable 7: a till reloaded with no network opens again, its catalogue
// and waiting sales in IndexedDB). It keeps what the till's page needs to start: the shell's page, its scripts and
// styles and the feature apps' (hashed files from the cache once fetched, the others from the network first), and
// the workspace the shell reads at start (branches and company, fiscal years), each per user and branch. Nothing
// else of the API passes through it: every other call, and every write, goes to the server as before.
// (the shell forgets this cache when its user signs out: src/app/offline.ts)
const CACHE = 'erp-shell-v1';
/** The reads the shell starts with: without them a page opened offline has no branch to work in. */
const START_READS = [/^\/api\/aggregates\/StartUp$/i, /^\/api\/FiscalYears$/i];
/** A built file whose name carries its content's hash: it never changes under that name. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The cache key of a start read: its URL, and who asked in which branch (one user's data never serves another). */
async function startReadKey(request) {
  const who = `${request.headers.get('Authorization') ?? ''}|${request.headers.get('BranchId') ?? ''}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(who));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('erp-sw-for', hex);
  return url.href;
}

/** Keeps a copy; a cache that refuses (full, an answer it cannot keep) never costs the answer itself. */
async function keep(cache, key, response) {
  try {
    await cache.put(key, response);
  } catch {
    // the network's answer is still given; the next one tries again
  }
}

/**
 * The network's answer (kept for later when it is a 200, `beforeKeep` run first on the cache and the answer);
 * without a network, the kept one.
 */
async function networkFirst(request, key, beforeKeep) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
  if (response.status !== 200) return response;
  if (beforeKeep) await beforeKeep(cache, key, response);
  await keep(cache, key, response.clone());
  return response;
}

/**
 * A page of another build than the kept one (its ETag differs) drops the hashed files kept for the old build
 * before the new page asks for its own, so the cache holds one build's files, not every build's since the till
 * was installed.
 */
async function dropOldBuild(cache, key, page) {
  const before = await cache.match(key);
  const etag = page.headers.get('ETag');
  if (before && (!etag || before.headers.get('ETag') !== etag))
    for (const old of await cache.keys()) if (HASHED.test(new URL(old.url).pathname)) await cache.delete(old);
}

/** The shell's page from the network first, under one key: every page path is the shell's one index.html. */
const shellPage = (request) => networkFirst(request, new URL('/', self.location.origin).href, dropOldBuild);

/** A hashed file: the kept copy, else the network's (then kept). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await keep(cache, request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(shellPage(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (START_READS.some((read) => read.test(url.pathname)))
      event.respondWith(startReadKey(request).then((key) => networkFirst(request, key)));
    return;
  }
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request, request));
});
