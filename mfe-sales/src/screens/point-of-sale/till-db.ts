import {
  nextTillSale,
  type PosCatalogItem,
  type PosConfiguration,
  type PosLookups,
  type TillChainState,
  type TillSale,
  type TillSaleInput,
} from '@erp/contracts';
import type { Letterhead, TillReceiptSale } from '@erp/ui-kit';
import { catalogPageOf, itemsOfPage, type CatalogRowsPage } from './catalog-rows';
import type { OutboxEntry, OutboxStore } from './outbox';

/**
 * The till's offline copy in IndexedDB (issue 15 deliverable 7): its chain (tillId, code, counter, lastHash), the
 * catalogue and its cursor, the lookups, the company's scale settings, the sales waiting to be sent (the outbox)
 * and those the server kept for a supervisor. One database per branch of the browser.
 */
const STORES = { meta: 'meta', items: 'items', pages: 'pages', outbox: 'outbox', kept: 'kept' } as const;

/**
 * The catalogue is kept as the feed's pages, one record each (the items as rows of values, catalog-rows.ts, in the
 * order the feed gave them), not one record per item: with 100,000 items a record per item made a new till's
 * download 100,000 writes and every opening 100,000 reads (about ten seconds); fifty records read and parsed
 * take a fraction of a second. A later page's version of an item replaces an earlier one when they are indexed in order; `compactCatalog`
 * rewrites the log as the current items when refreshes have added many small pages. (The `items` store of
 * version 1 is still read, first, so a till upgraded while offline keeps its catalogue.)
 */
const VERSION = 2;

export interface TillMeta {
  till: (TillChainState & { name: string }) | null;
  cursor: string | null;
  lookups: PosLookups | null;
  config: PosConfiguration | null;
  /**
   * The cashier's open shift as the server last said (null: none open): the till sells only in one, and keeps
   * selling in it offline. Its user: a shift is a user's, and a till is shared by the branch's cashiers.
   */
  shift: { id: string; code: string; userId: string } | null;
  /** The company and branches a receipt names (StartUp), kept to print offline. */
  letterhead: Letterhead | null;
  /** The last sale made here, as the till made it: its receipt prints from this (offline too). */
  lastSale: TillReceiptSale | null;
}

const META_KEYS = ['till', 'cursor', 'lookups', 'config', 'shift', 'letterhead', 'lastSale'] as const;

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });

/** What the page hears of the till's other tabs while its database is open. */
export interface TillDbEvents {
  /**
   * A tab of a newer build asks for a newer version of the database: this tab has closed its copy so that tab's
   * upgrade can go on (its sales already made stay stored), and must reload to sell again.
   */
  replaced?: () => void;
  /** This tab's newer version waits for an older tab that does not let go (a build from before this rule). */
  blocked?: () => void;
}

export async function openTillDb(branchId: string, events: TillDbEvents = {}): Promise<IDBDatabase> {
  const req = indexedDB.open(`erp-till-${branchId}`, VERSION);
  // without this, a tab left open on an older build kept the new one's upgrade (and its till) waiting forever
  req.onblocked = () => events.blocked?.();
  req.onupgradeneeded = (e) => {
    const db = req.result;
    if (e.oldVersion < 1) {
      db.createObjectStore(STORES.meta);
      db.createObjectStore(STORES.items, { keyPath: 'id' });
      db.createObjectStore(STORES.outbox, { keyPath: 'counter' });
      db.createObjectStore(STORES.kept, { keyPath: 'number' });
    }
    if (e.oldVersion < 2) db.createObjectStore(STORES.pages, { autoIncrement: true });
  };
  const db = await done(req);
  db.onversionchange = () => {
    db.close();
    events.replaced?.();
  };
  return db;
}

export async function readMeta(db: IDBDatabase): Promise<TillMeta> {
  const tx = db.transaction(STORES.meta);
  const meta = tx.objectStore(STORES.meta);
  const [till, cursor, lookups, config, shift, letterhead, lastSale] = await Promise.all(
    META_KEYS.map((k) => done(meta.get(k))),
  );
  return {
    till: (till as TillMeta['till']) ?? null,
    cursor: (cursor as string | undefined) ?? null,
    lookups: (lookups as PosLookups | undefined) ?? null,
    config: (config as PosConfiguration | undefined) ?? null,
    shift: (shift as TillMeta['shift'] | undefined) ?? null,
    letterhead: (letterhead as Letterhead | undefined) ?? null,
    lastSale: (lastSale as TillReceiptSale | undefined) ?? null,
  };
}

export async function writeMeta(db: IDBDatabase, values: Partial<TillMeta>): Promise<void> {
  const tx = db.transaction(STORES.meta, 'readwrite');
  for (const [k, v] of Object.entries(values)) tx.objectStore(STORES.meta).put(v, k);
  await committed(tx);
}

/**
 * The catalogue as stored, in the order to index it (version 1's items, then the pages, oldest first). The pages
 * are read one at a time (a cursor), each parsed and let go before the next: a warm open never holds the whole
 * catalogue's text and its items at once.
 */
export async function allItems(db: IDBDatabase): Promise<PosCatalogItem[]> {
  const tx = db.transaction([STORES.items, STORES.pages]);
  const legacy = done(tx.objectStore(STORES.items).getAll()) as Promise<PosCatalogItem[]>;
  const paged: PosCatalogItem[] = [];
  const read = new Promise<void>((resolve, reject) => {
    const cursor = tx.objectStore(STORES.pages).openCursor();
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return resolve();
      try {
        for (const item of itemsOfPage(at.value as CatalogRowsPage | string)) paged.push(item);
      } catch (e) {
        return reject(e instanceof Error ? e : new Error(String(e)));
      }
      at.continue();
    };
  });
  const [out] = await Promise.all([legacy, read]);
  for (const item of paged) out.push(item);
  return out;
}

/**
 * A page of the feed and its cursor in one transaction: a reload in between never skips a page. Durability
 * relaxed: a page lost to a power cut is downloaded again, since its cursor is lost with it.
 */
export async function storeCatalogPage(db: IDBDatabase, items: PosCatalogItem[], cursor: string | null) {
  const tx = db.transaction([STORES.pages, STORES.meta], 'readwrite', { durability: 'relaxed' });
  tx.objectStore(STORES.pages).add(catalogPageOf(items));
  tx.objectStore(STORES.meta).put(cursor, 'cursor');
  await committed(tx);
}

/** How many records hold the catalogue (pages, and version 1's items). */
export async function catalogRecords(db: IDBDatabase): Promise<number> {
  const tx = db.transaction([STORES.items, STORES.pages]);
  const [items, pages] = await Promise.all([
    done(tx.objectStore(STORES.items).count()),
    done(tx.objectStore(STORES.pages).count()),
  ]);
  return items + pages;
}

/**
 * The catalogue rewritten as the items the till has now (`current`, what indexing the log gave), `pageSize` a
 * record, in one transaction with nothing else: replaced versions and deleted items leave.
 */
export async function compactCatalog(db: IDBDatabase, current: PosCatalogItem[], pageSize: number) {
  const tx = db.transaction([STORES.items, STORES.pages], 'readwrite');
  tx.objectStore(STORES.items).clear();
  const pages = tx.objectStore(STORES.pages);
  pages.clear();
  for (let at = 0; at < current.length; at += pageSize)
    pages.add(catalogPageOf(current.slice(at, at + pageSize)));
  await committed(tx);
}

const sameChain = (a: TillChainState | undefined | null, b: TillChainState) =>
  !!a && a.tillId === b.tillId && a.counter === b.counter && a.lastHash === b.lastHash;

/**
 * A sale made at the till: its place in the chain (counter, number, hash) and the sale itself stored in ONE
 * readwrite transaction, so a reload loses nothing and two tabs never take the same counter. The hash is Web
 * Crypto's (asynchronous), which an IndexedDB transaction cannot wait for: the write compares the chain it read
 * with the chain it writes over and starts again if another tab moved it (and a Web Lock, where the browser has
 * one, keeps the tabs from racing at all).
 */
export async function makeSale(
  db: IDBDatabase,
  sale: TillSaleInput['sale'],
  invoiceId: string | null,
): Promise<OutboxEntry> {
  const attempt = async (): Promise<OutboxEntry | null> => {
    const { till } = await readMeta(db);
    if (!till) throw new Error('no till');
    const made = await nextTillSale(till, sale, {
      uuid: crypto.randomUUID(),
      issuedAt: new Date().toISOString(),
    });
    const entry: OutboxEntry = {
      uuid: made.input.uuid,
      counter: made.input.counter,
      number: made.number,
      input: invoiceId ? { ...made.input, invoiceId } : made.input,
    };
    const tx = db.transaction([STORES.meta, STORES.outbox], 'readwrite');
    const meta = tx.objectStore(STORES.meta);
    const now = (await done(meta.get('till'))) as TillMeta['till'];
    if (!sameChain(now, till)) {
      tx.abort();
      return null;
    }
    meta.put({ ...till, ...made.state }, 'till');
    tx.objectStore(STORES.outbox).put(entry);
    await committed(tx);
    return entry;
  };
  const run = async () => {
    for (let i = 0; i < 20; i++) {
      const entry = await attempt().catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return null;
        throw e;
      });
      if (entry) return entry;
    }
    throw new Error('the till chain kept moving');
  };
  // Node (the tests) has no navigator before 21; a browser without Web Locks relies on the chain check alone
  const locks =
    typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(`erp-till-chain-${db.name}`, run) : run();
}

/** The outbox as the sender sees it: oldest first; a delivered sale leaves, a kept one is remembered. */
export function outboxStore(db: IDBDatabase): OutboxStore {
  return {
    waiting: async () =>
      (await done(db.transaction(STORES.outbox).objectStore(STORES.outbox).getAll())) as OutboxEntry[],
    delivered: async (entry: OutboxEntry, answer: TillSale) => {
      const tx = db.transaction([STORES.outbox, STORES.kept], 'readwrite');
      tx.objectStore(STORES.outbox).delete(entry.counter);
      if (answer.status === 'needsAttention') tx.objectStore(STORES.kept).put(answer);
      await committed(tx);
    },
  };
}

export async function waitingCount(db: IDBDatabase): Promise<number> {
  return done(db.transaction(STORES.outbox).objectStore(STORES.outbox).count());
}

export async function keptSales(db: IDBDatabase): Promise<TillSale[]> {
  return done(db.transaction(STORES.kept).objectStore(STORES.kept).getAll()) as Promise<TillSale[]>;
}
