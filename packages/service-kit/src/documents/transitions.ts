import { transitionsOf, type DocumentDef, type DocumentInput, type DocumentRecord } from '@erp/contracts';
import type { Executor } from '../db/database';
import type { RequestContext } from '../http/context';
import type { ServiceDeps } from '../service';

/**
 * The engine's status changes (post, unpost, close) of a service's documents, for work that changes many of them
 * in the caller's transaction (accounts' bulk posting): the same checks, posting hook and audit as the
 * per-document route `POST {apiPath}/{id}/{action}`, so a bulk run books exactly what the single calls would.
 */
export type DocumentTransitioner = (
  ctx: RequestContext,
  trx: Executor,
  id: string,
  action: string,
) => Promise<DocumentRecord>;

type Engine = (
  ctx: RequestContext,
  trx: Executor,
  doc: DocumentDef,
  id: string,
  t: ReturnType<typeof transitionsOf>[number],
) => Promise<DocumentRecord>;

/**
 * A document saved in the caller's transaction, with its `then` (a till's sale issued as the point of sale
 * syncs it): the same checks, posting and audit as `POST {apiPath}` (new) or `PUT {apiPath}/{id}` (with an id:
 * a held sale a till retrieved), without those routes' idempotency (the caller keeps its own).
 */
export type DocumentSaver = (
  ctx: RequestContext,
  trx: Executor,
  input: DocumentInput,
  id?: string,
) => Promise<DocumentRecord>;

type Saver = (
  ctx: RequestContext,
  trx: Executor,
  doc: DocumentDef,
  input: DocumentInput,
  id: string | null,
) => Promise<DocumentRecord>;

const engines = new WeakMap<ServiceDeps, { docs: readonly DocumentDef[]; run: Engine; save: Saver }>();

export function registerTransitions(
  deps: ServiceDeps,
  docs: readonly DocumentDef[],
  run: Engine,
  save: Saver,
): void {
  engines.set(deps, { docs, run, save });
}

function engineOf(deps: ServiceDeps, docName: string) {
  const engine = engines.get(deps);
  const doc = engine?.docs.find((d) => d.name === docName);
  if (!engine || !doc) throw new Error(`no document engine for ${docName}`);
  return { engine, doc };
}

/** New documents of one type of the service; it throws until the engine's routes are built. */
export function documentSaver(deps: ServiceDeps, docName: string): DocumentSaver {
  return (ctx, trx, input, id) => {
    const { engine, doc } = engineOf(deps, docName);
    return engine.save(ctx, trx, doc, input, id ?? null);
  };
}

/** The status changes of one document type of the service; it throws until the engine's routes are built. */
export function documentTransitioner(deps: ServiceDeps, docName: string): DocumentTransitioner {
  return (ctx, trx, id, action) => {
    const { engine, doc } = engineOf(deps, docName);
    const t = transitionsOf(doc).find((x) => x.action === action);
    if (!t) throw new Error(`${docName} has no ${action}`);
    return engine.run(ctx, trx, doc, id, t);
  };
}
