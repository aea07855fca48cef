import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posRoutes, type PosCatalogPage, type PosLookups, type Till, type TillSale } from '@erp/contracts';
import { useFeature } from '@erp/ui-kit';
import { emptyIndex, indexItems, type BarcodeIndex } from './barcode-index';
import { flushOutbox, type TillServer } from './outbox';
import {
  allItems,
  catalogRecords,
  compactCatalog,
  keptSales,
  openTillDb,
  outboxStore,
  readMeta,
  storeCatalogPage,
  waitingCount,
  writeMeta,
  type TillMeta,
} from './till-db';

/**
 * The till's start-up phases as User Timing marks (`erp-till:*`, from the navigation's start): the open's
 * figures in bench:pos-web are read from them (where an open spends its time: IndexedDB, indexing, the feed).
 */
const mark = (phase: string) => performance.mark(`erp-till:${phase}`);

/** The feed's largest page: 20 requests (and 20 stored records) for 100,000 items. */
const CATALOG_PAGE = 5000;
/** A log of stored pages this much longer than the catalogue needs is rewritten (refreshes add small pages). */
const SPARE_RECORDS = 20;

export type Problem = {
  status?: number;
  code?: string;
  message?: string;
  problem?: { errors?: { field: string; message?: string }[] };
};
export const problemOf = (e: unknown): Problem => (typeof e === 'object' && e ? (e as Problem) : {});

/**
 * The till's side of the network: its IndexedDB opened and its catalogue indexed in memory, then kept fresh from
 * the server (registering the till once, lookups, the company's scale labels, the items changed since the
 * cursor), and its outbox sent in order whenever the server answers (at start, when the browser says it is
 * online again, every 15 s). `onKept` hears of sales the server kept for a supervisor.
 */
export function useTillSync(onKept: () => void) {
  const { api, branch } = useFeature();
  const { t } = useTranslation();
  const [db, setDb] = useState<IDBDatabase | null>(null);
  const [meta, setMeta] = useState<TillMeta | null>(null);
  const index = useRef<BarcodeIndex>(emptyIndex());
  const [catalogSize, setCatalogSize] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState(0);
  const [kept, setKept] = useState<TillSale[]>([]);
  const flushing = useRef(false);
  /** The till's other tabs: this one waits for an older one to close, or a newer one took the database over. */
  const [tabs, setTabs] = useState<'blocked' | 'replaced' | null>(null);

  useEffect(() => {
    if (!branch) return;
    let live = true;
    void (async () => {
      mark('start');
      const opened = await openTillDb(branch.id, {
        blocked: () => live && setTabs('blocked'),
        // the database is closed: nothing more is read or written here (the sales made are stored)
        replaced: () => {
          if (!live) return;
          setDb(null);
          setTabs('replaced');
        },
      });
      if (live) setTabs(null);
      const m = await readMeta(opened);
      const stored = await allItems(opened);
      mark('read');
      index.current = indexItems(emptyIndex(), stored);
      mark('indexed');
      if (!live) return;
      setCatalogSize(index.current.byId.size);
      // before the refresh starts (it waits for the db): no page is written while the log is rewritten
      const needed = Math.ceil(index.current.byId.size / CATALOG_PAGE);
      if ((await catalogRecords(opened)) > needed + SPARE_RECORDS)
        await compactCatalog(opened, [...index.current.byId.values()], CATALOG_PAGE);
      if (!live) return;
      setDb(opened);
      setMeta(m);
      setWaiting(await waitingCount(opened));
      setKept(await keptSales(opened));
    })();
    return () => {
      live = false;
    };
  }, [branch]);

  const refresh = useCallback(async () => {
    if (!db) return;
    mark('refresh');
    const m = await readMeta(db);
    let till = m.till;
    // the till registers itself once; from then on its chain lives here
    if (!till) {
      const made = await api.post<Till>(
        posRoutes.registerTill.path,
        { name: `${branch?.code ?? ''} ${t('pos.till')}`.trim() },
        { quiet: true },
      );
      till = {
        tillId: made.id,
        code: made.code,
        name: made.name,
        counter: made.counter,
        lastHash: made.lastHash,
      };
      await writeMeta(db, { till });
    }
    const [lookupsNow, company] = await Promise.all([
      api.get<PosLookups>(posRoutes.lookups.path, undefined, { quiet: true }),
      api
        .get<{ posConfiguration?: TillMeta['config'] }>('/api/Company', undefined, { quiet: true })
        .catch(() => null),
    ]);
    mark('lookups');
    await writeMeta(db, {
      lookups: lookupsNow,
      ...(company?.posConfiguration ? { config: company.posConfiguration } : {}),
    });
    // the feed is in the order the server took the changes in: nothing that changed is ever behind the cursor
    const cursor = m.cursor;
    const fetchPage = (after: string | null) => {
      const page = api.get<PosCatalogPage>(posRoutes.catalog.path, undefined, {
        query: { limit: CATALOG_PAGE, ...(after ? { after } : {}) },
        quiet: true,
      });
      // a failed page is seen where it is awaited (a write that failed first leaves it unawaited)
      page.catch(() => undefined);
      return page;
    };
    // the next page travels while this one is written and indexed (a new till downloads the whole catalogue)
    let next = fetchPage(cursor);
    for (;;) {
      const page = await next;
      const more = page.items.length >= CATALOG_PAGE;
      if (more) next = fetchPage(page.next);
      mark('page');
      if (page.items.length > 0) {
        await storeCatalogPage(db, page.items, page.next);
        indexItems(index.current, page.items);
      }
      mark('stored');
      if (!more) break;
    }
    setCatalogSize(index.current.byId.size);
    setMeta(await readMeta(db));
  }, [db, api, branch, t]);

  const server = useMemo<TillServer>(
    () => ({
      async send(entry) {
        try {
          const sale = await api.post<TillSale>(posRoutes.syncSale.path, entry.input, {
            headers: { 'Idempotency-Key': entry.uuid },
            quiet: true,
          });
          return { ok: true, sale };
        } catch (e) {
          const p = problemOf(e);
          if (!p.status) throw e;
          return { ok: false, status: p.status, code: p.code };
        }
      },
      async serverCounter(tillId) {
        return (
          await api.get<Till>(posRoutes.getTill.path.replace(':id', tillId), undefined, { quiet: true })
        ).counter;
      },
    }),
    [api],
  );

  const flush = useCallback(async () => {
    if (!db || flushing.current) return;
    flushing.current = true;
    try {
      const result = await flushOutbox(outboxStore(db), server);
      setOnline(result.stopped !== 'offline' && navigator.onLine);
      if (result.kept.length) onKept();
    } finally {
      flushing.current = false;
      setWaiting(await waitingCount(db));
      setKept(await keptSales(db));
    }
  }, [db, server, onKept]);

  useEffect(() => {
    if (!db) return;
    const sync = () =>
      refresh()
        .then(() => setOnline(true))
        .catch((e: unknown) => {
          if (!problemOf(e).status) setOnline(false);
        })
        .finally(() => void flush());
    void sync();
    const up = () => void sync();
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => void flush(), 15_000);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [db, refresh, flush]);

  return { db, meta, setMeta, index, catalogSize, online, waiting, setWaiting, kept, flush, tabs };
}
