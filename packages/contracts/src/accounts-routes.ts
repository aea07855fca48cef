import { z } from 'zod';
import { idSchema } from './common';
import { access, defineRoutes } from './http';

/**
 * Accounts' routes beyond its main data and documents. The journal's verification (issue 13, deliverable 6):
 * admins walk each branch's hash chain and learn the first entry that no longer holds.
 */
const base = { service: 'accounts', tag: 'Journal' } as const;

export const journalBreakReasons = [
  'journal.contentChanged',
  'journal.entryMissing',
  'journal.linkBroken',
  'journal.unbalanced',
  'journal.entryAfterHead',
  'journal.headMismatch',
] as const;

export const journalChainReport = z.object({
  branchId: z.string(),
  /** Entries found sound before the first broken one (all of them when none is). */
  verified: z.number().int(),
  /** The chain's recorded head: its last posted entry's place. */
  headSeq: z.number().int(),
  broken: z
    .object({
      seq: z.number().int(),
      /** Null when the chain's last entries are gone: there is nothing left to name. */
      entryId: z.string().nullable(),
      date: z.string().nullable(),
      sourceType: z.string().nullable(),
      sourceId: z.string().nullable(),
      reason: z.enum(journalBreakReasons),
      /** The reason in the request's language. */
      message: z.string(),
    })
    .nullable(),
});
export type JournalChainReport = z.infer<typeof journalChainReport>;

export const journalVerification = z.object({
  ok: z.boolean(),
  verified: z.number().int(),
  chains: z.array(journalChainReport),
});
export type JournalVerification = z.infer<typeof journalVerification>;

/** Why a document could not be posted from its event (issue 13, deliverable 3): the not-posted list. */
export const notPostedReasons = [
  'posting.linkMissing',
  'posting.accountMissing',
  'posting.accountIsParent',
  'posting.branchUnknown',
] as const;

export const notPostedDocument = z.object({
  sourceService: z.string(),
  documentType: z.string(),
  documentId: z.string(),
  branchId: z.string(),
  code: z.string(),
  revision: z.number().int(),
  date: z.string(),
  reason: z.enum(notPostedReasons),
  /** The branch's account link concerned (a name of `accountLinkNames`), if any. */
  link: z.string().nullable(),
  /** The reason in the request's language. */
  message: z.string(),
});
export type NotPostedDocument = z.infer<typeof notPostedDocument>;

const postingBase = { service: 'accounts', tag: 'Posting' } as const;

export const accountsRoutes = defineRoutes({
  notPostedDocuments: {
    ...postingBase,
    method: 'get',
    path: '/api/Posting/notPosted',
    access: access.permission('gLPost'),
    summary:
      "The documents of the request's branch (or of every branch allowed) that could not be posted, with why",
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(25),
    }),
    response: z.object({ items: z.array(notPostedDocument), total: z.number().int() }),
  },
  retryNotPosted: {
    ...postingBase,
    method: 'post',
    path: '/api/Posting/notPosted/retry',
    access: access.permission('gLPost'),
    summary: "Try the not-posted documents of the request's branch (or of every branch allowed) again",
    body: z.object({}).default({}),
    response: z.object({ done: z.number().int(), posted: z.number().int(), notPosted: z.number().int() }),
  },
  verifyJournal: {
    ...base,
    method: 'get',
    path: '/api/Journal/verify',
    access: access.admin,
    summary:
      "Walk the journal's hash chains (one branch's, or every branch's) and name the first broken entry",
    query: z.object({ branchId: idSchema.optional() }),
    response: journalVerification,
  },
});
