import type { DocumentDef, DocumentRecord } from '@erp/contracts';
import type { Executor } from '../db/database';
import { AppError, conflict } from '../errors';
import type { RequestContext } from '../http/context';
import type { JobRunner } from '../jobs/job-runner';
import type { JobKind } from '../jobs/job-types';
import type { ServiceDeps } from '../service';

/**
 * Closing a document in the background (issue 10 item 7: the stocktaking close). A close books the whole
 * document's effect in one transaction, which for a large count takes long enough that the request should not
 * wait: a document with more lines than `ERP_CLOSE_INLINE_LINES` (default 200) is closed by a job of the
 * service's runner, at most one per document (a second close meanwhile is the spec's 'active posting in
 * progress'); the close answers with the document as it stands and the job's id, and the document read
 * names the job while it runs, so a reload shows its progress and then the closed document.
 */
export const DOCUMENT_CLOSE_JOB = 'documents.close';
const DEFAULT_CLOSE_INLINE_LINES = 200;

export interface CloseInput {
  document: string;
  id: string;
}

type Closer = (ctx: RequestContext, trx: Executor, doc: DocumentDef, id: string) => Promise<DocumentRecord>;
type Reader = (ctx: RequestContext, doc: DocumentDef, id: string) => Promise<DocumentRecord>;

/** The engine's close of each service (its checks, posting and audit), for the job to run. */
const closers = new WeakMap<ServiceDeps, { docs: readonly DocumentDef[]; close: Closer; read: Reader }>();

export function registerCloser(
  deps: ServiceDeps,
  docs: readonly DocumentDef[],
  close: Closer,
  read: Reader,
): void {
  closers.set(deps, { docs, close, read });
}

export function closeInlineLimit(deps: ServiceDeps): number {
  const raw = deps.env.ERP_CLOSE_INLINE_LINES ?? process.env.ERP_CLOSE_INLINE_LINES;
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n >= 0 ? n : DEFAULT_CLOSE_INLINE_LINES;
}

export const closeResource = (doc: DocumentDef, id: string) => `${doc.name}:${id}`;

/** Queues the close of a large document; a close already under way is a 409 ('postingInProgress'). */
export async function enqueueClose(
  jobs: JobRunner,
  ctx: RequestContext,
  doc: DocumentDef,
  id: string,
  lines: number,
): Promise<string> {
  try {
    const job = await jobs.enqueue<CloseInput>(ctx, {
      kind: DOCUMENT_CLOSE_JOB,
      resource: closeResource(doc, id),
      input: { document: doc.name, id },
      total: lines,
    });
    return job.id;
  } catch (error) {
    if (error instanceof AppError && error.key === 'jobInProgress') throw conflict('postingInProgress');
    throw error;
  }
}

/** The id of the close job running for a document, if any (the document read names it). */
export async function activeClose(db: Executor, tenantId: string, doc: DocumentDef, id: string) {
  const row = (await db('jobs')
    .where({ active_key: `${tenantId}:${DOCUMENT_CLOSE_JOB}:${closeResource(doc, id)}` })
    .first('id')) as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * The job: one chunk closes the document in one transaction (the close is all or nothing), as its caller.
 * It is not split into chunks of lines (issue 10 item 7) because the ledger books a document's effect per
 * revision: posting part of the lines would book a revision that the next part reverses and books again
 * (every earlier line twice, and their later movements re-costed each time), a whole-store count would zero
 * the items of the parts not yet posted, and readers would see a half-closed count in the balances. Splitting
 * needs the ledger to append lines to one entry; until then the progress is honest about the stages: 0 of
 * the lines while the close is under way (its writes are invisible until they commit), all of them once done.
 */
export function documentCloseJob(deps: ServiceDeps): JobKind<CloseInput, { closed: boolean }> {
  return {
    kind: DOCUMENT_CLOSE_JOB,
    // the close commits with its checkpoint: after a restart the job closes the document, or sees it closed
    resumable: true,
    initialState: () => ({ closed: false }),
    async step(run) {
      const engine = closers.get(deps);
      const doc = engine?.docs.find((d) => d.name === run.input.document);
      if (!engine || !doc) throw new Error(`no close for ${run.input.document}`);
      // closed before a restart (the close and its checkpoint committed together): only the result is left
      const after = run.state.closed
        ? await engine.read(run.ctx, doc, run.input.id)
        : await deps.transact(async (trx) => {
            const closed = await engine.close(run.ctx, trx, doc, run.input.id);
            await run.checkpoint(trx, { closed: true }, 0);
            return closed;
          });
      const lines = after.lines.length;
      return {
        state: { closed: true },
        done: lines,
        total: lines,
        result: { id: after.id, code: after.code, status: after.status, revision: after.revision, lines },
      };
    },
  };
}
