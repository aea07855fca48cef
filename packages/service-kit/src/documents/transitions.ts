import { transitionsOf, type DocumentDef, type DocumentRecord } from '@erp/contracts';
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

const engines = new WeakMap<ServiceDeps, { docs: readonly DocumentDef[]; run: Engine }>();

export function registerTransitions(deps: ServiceDeps, docs: readonly DocumentDef[], run: Engine): void {
  engines.set(deps, { docs, run });
}

/** The status changes of one document type of the service; it throws until the engine's routes are built. */
export function documentTransitioner(deps: ServiceDeps, docName: string): DocumentTransitioner {
  return (ctx, trx, id, action) => {
    const engine = engines.get(deps);
    const doc = engine?.docs.find((d) => d.name === docName);
    if (!engine || !doc) throw new Error(`no document engine for ${docName}`);
    const t = transitionsOf(doc).find((x) => x.action === action);
    if (!t) throw new Error(`${docName} has no ${action}`);
    return engine.run(ctx, trx, doc, id, t);
  };
}
