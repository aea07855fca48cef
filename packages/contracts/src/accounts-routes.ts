import { z } from 'zod';
import { idSchema } from './common';
import { Permission as P } from './permissions';
import { isoDateSchema } from './validators';
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

/** A fiscal year as the close screen shows it (issue 13, deliverable 5). */
export const fiscalYearState = z.object({
  year: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  /** The account the year's profit or loss went to, while closed. */
  retainedEarningsAccountId: z.string().nullable(),
});
export type FiscalYearState = z.infer<typeof fiscalYearState>;

export const fiscalYearCloseInput = z.object({
  year: z.number().int().min(1900).max(3000),
  /** Where the year's profit or loss goes; the default chart's retained earnings when left out. */
  retainedEarningsAccountId: idSchema.optional(),
});

export const fiscalYearCloseResult = z.object({
  year: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  entries: z.array(
    z.object({ branchId: z.string(), entryId: z.string(), lines: z.number().int(), netIncome: z.string() }),
  ),
});

export const branchLockDate = z.object({ branchId: z.string(), lockDate: z.string().nullable() });
export type BranchLockDate = z.infer<typeof branchLockDate>;

const fiscal = { service: 'accounts', tag: 'Fiscal years' } as const;

export const accountsRoutes = defineRoutes({
  listFiscalYearCloses: {
    ...fiscal,
    method: 'get',
    path: '/api/FiscalYearCloses',
    access: access.permission(P.editCompany),
    summary: 'The fiscal years with their state: open, or closed with the account their result went to',
    response: z.array(fiscalYearState),
  },
  closeFiscalYear: {
    ...fiscal,
    method: 'post',
    path: '/api/FiscalYearCloses',
    access: access.permission(P.editCompany),
    summary:
      "Close a fiscal year: each branch's income-statement accounts into retained earnings; the year then takes no entries",
    body: fiscalYearCloseInput,
    response: fiscalYearCloseResult,
  },
  reopenFiscalYear: {
    ...fiscal,
    method: 'post',
    path: '/api/FiscalYearCloses/:year/reopen',
    access: access.admin,
    summary: 'Reopen the last closed fiscal year: its closing entries are reversed',
    params: z.object({ year: z.coerce.number().int() }),
    response: z.object({ year: z.number().int(), reversed: z.number().int() }),
  },
  listBranchLockDates: {
    ...fiscal,
    method: 'get',
    path: '/api/BranchLockDates',
    access: access.permission(P.editCompany),
    summary: "Each branch's lock date: nothing dated on or before it is posted or un-posted",
    response: z.array(branchLockDate),
  },
  setBranchLockDate: {
    ...fiscal,
    method: 'put',
    path: '/api/BranchLockDates/:branchId',
    access: access.permission(P.editCompany),
    summary: "Set or clear a branch's lock date",
    params: z.object({ branchId: idSchema }),
    body: z.object({ lockDate: isoDateSchema.nullable() }),
    response: branchLockDate,
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
