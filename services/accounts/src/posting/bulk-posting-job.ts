import type { BulkPostingAction, BulkPostingResult } from '@erp/contracts';
import { translate } from '@erp/i18n';
import { AppError, isLockConflict, type Executor, type JobKind, type ServiceDeps } from '@erp/service-kit';
import { markBulkContext } from './bulk-run-guard';
import { postingRegistry } from './postable-types';

export const BULK_POSTING_JOB = 'accounts.bulkPosting';

export interface BulkPostingInput {
  runId: string;
  documentType: string;
  action: BulkPostingAction;
  branchId: string;
  fromCode: string;
  toCode: string;
  /** The range's documents when the run was asked for (the progress bar's end). */
  total: number;
}

/** Where a run stands, committed with each chunk: the last code handled and the counts so far. */
export interface BulkPostingState {
  after: string | null;
  seen: number;
  posted: number;
  alreadyDone: number;
  refused: number;
  failed: number;
}

/** Documents read per query; a chunk reads pages until its time budget is spent. */
const PAGE = 16;
/**
 * A chunk's time budget at most (ms): a document's posting is a dozen queries and its audit event, so a chunk of
 * one or two documents keeps the event loop free for other users' requests (the p99 target of 50 ms).
 */
const CHUNK_BUDGET_MS = 4;

/** The translated reason of a refusal: its per-field messages where it has them (a parent account), else its own. */
function reasonOf(
  error: unknown,
  language: Parameters<typeof translate>[0],
): { refused: boolean; text: string } {
  if (error instanceof AppError) {
    const fields = error.fields.map((f) => translate(language, f.code, f.params ?? {}));
    return {
      refused: true,
      text: fields.length ? fields.join('; ') : translate(language, error.key, error.params),
    };
  }
  return { refused: false, text: translate(language, 'internalError') };
}

/**
 * The bulk run: each chunk is one transaction that walks the range on from the last code handled, posts (or
 * un-posts) each pending document inside its own savepoint, and commits the counts and the new position with the
 * chunk's writes (the checkpoint). A crash loses the whole chunk or none of it, so a resumed run books nothing twice
 * and skips nothing; a document that is refused (a parent account, a closed year) or breaks is rolled back to its
 * savepoint, left exactly as it was and listed with its reason, and the run goes on.
 */
export function bulkPostingJob(deps: ServiceDeps): JobKind<BulkPostingInput, BulkPostingState> {
  return {
    kind: BULK_POSTING_JOB,
    resumable: true,
    initialState: () => ({ after: null, seen: 0, posted: 0, alreadyDone: 0, refused: 0, failed: 0 }),
    async step(run) {
      const { input } = run;
      const type = postingRegistry(deps).get(input.documentType);
      if (!type) throw new AppError(400, 'validationFailed');
      markBulkContext(run.ctx);
      const started = Date.now();
      const { state, finished } = await deps.transact(async (trx) => {
        const s = { ...run.state };
        let finished = false;
        const act = (sp: Executor, id: string) =>
          input.action === 'post' ? type.post(sp, run.ctx, id) : type.unpost(sp, run.ctx, id);
        outer: for (;;) {
          const page = await type.listInRange(trx, run.tenantId, input.branchId, input, input.action, {
            after: s.after,
            limit: PAGE,
          });
          if (page.length === 0) {
            finished = true;
            break;
          }
          for (const doc of page) {
            s.seen++;
            s.after = doc.code;
            if (!doc.pending) s.alreadyDone++;
            else
              try {
                // a savepoint: a document that fails takes only its own writes back
                await trx.transaction((sp) => act(sp, doc.id));
                s.posted++;
              } catch (error) {
                // lost to a lock: the whole chunk runs again from its checkpoint (the runner retries it)
                if (isLockConflict(error)) throw error;
                const reason = reasonOf(error, run.ctx.language);
                if (reason.refused) s.refused++;
                else {
                  s.failed++;
                  deps.logger.error('bulk posting: a document failed', {
                    job: run.id,
                    id: doc.id,
                    error: String((error as Error)?.stack ?? error),
                  });
                }
                await run.reject(s.seen, [`${doc.code}: ${reason.text}`], trx);
              }
            if (Date.now() - started >= Math.min(run.budgetMs, CHUNK_BUDGET_MS)) break outer;
          }
        }
        await run.checkpoint(trx, s, s.seen);
        return { state: s, finished };
      });
      const total = Math.max(input.total, state.seen);
      if (!finished) return { state, done: state.seen, total };
      const result: BulkPostingResult = {
        action: input.action,
        documentType: input.documentType,
        total: state.seen,
        posted: state.posted,
        skipped: state.alreadyDone + state.refused,
        alreadyDone: state.alreadyDone,
        refused: state.refused,
        failed: state.failed,
      };
      return { state, done: state.seen, total: state.seen, result };
    },
  };
}
