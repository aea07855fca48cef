import { z } from 'zod';
import { access, defineRoutes } from './http';
import { Permission as P } from './permissions';

/**
 * Bulk posting and un-posting to accounts (spec: 'posting and un-posting to accounts is done in bulk by document
 * type and code range'; issue 13, deliverable 4). The branch is the `BranchId` header's; the answer is 202 with
 * the background job that does the work (its progress and result at `GET /api/accounts/jobs/{id}`).
 */
const base = { service: 'accounts', tag: 'Posting' } as const;

/** A document code as the engine numbers it: `17`, or `26-17` where the branch numbers per year. */
export const documentCode = z
  .string()
  .trim()
  .regex(/^(\d{2}-)?\d{1,12}$/);

export const bulkPostingRequest = z
  .object({
    /** A registered postable type (`GET /api/Vouchers/post/types`): `vouchers`, stock documents later. */
    documentType: z.string().trim().min(1).max(60),
    fromCode: documentCode,
    toCode: documentCode,
  })
  .strict();
export type BulkPostingRequest = z.infer<typeof bulkPostingRequest>;

export const bulkPostingActions = ['post', 'unpost'] as const;
export type BulkPostingAction = (typeof bulkPostingActions)[number];

export const bulkPostingAccepted = z.object({
  jobId: z.string(),
  /** Documents of the type and branch in the range, whatever their state. */
  total: z.number().int(),
});
export type BulkPostingAccepted = z.infer<typeof bulkPostingAccepted>;

/**
 * The job's result: every document of the range is counted once. `skipped` are the ones already in the wanted
 * state plus the ones refused (`refused`, each listed with its reason in the job's `rejected`, row = the
 * document's place in the range from 1); `failed` broke unexpectedly and were left exactly as they were.
 */
export const bulkPostingResult = z.object({
  action: z.enum(bulkPostingActions),
  documentType: z.string(),
  total: z.number().int(),
  posted: z.number().int(),
  skipped: z.number().int(),
  alreadyDone: z.number().int(),
  refused: z.number().int(),
  failed: z.number().int(),
});
export type BulkPostingResult = z.infer<typeof bulkPostingResult>;

export const postingTypeSchema = z.object({ type: z.string(), labelKey: z.string() });
export type PostingType = z.infer<typeof postingTypeSchema>;

const gl = access.permission(P.gLPost);

export const bulkPostingRoutes = defineRoutes({
  postingTypes: {
    ...base,
    method: 'get',
    path: '/api/Vouchers/post/types',
    access: gl,
    summary: 'The document types that can be posted and un-posted in bulk',
    response: z.object({ items: z.array(postingTypeSchema) }),
  },
  postInBulk: {
    ...base,
    method: 'post',
    path: '/api/Vouchers/post',
    access: gl,
    status: 202,
    summary:
      "Post a type's unposted documents of the branch with codes in the range, in the background; 409 while another run covers part of it",
    body: bulkPostingRequest,
    response: bulkPostingAccepted,
  },
  unpostInBulk: {
    ...base,
    method: 'post',
    path: '/api/Vouchers/unpost',
    access: gl,
    status: 202,
    summary:
      "Un-post (book the reversals of) a type's posted documents of the branch with codes in the range, in the background",
    body: bulkPostingRequest,
    response: bulkPostingAccepted,
  },
});
