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

export const accountsRoutes = defineRoutes({
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
