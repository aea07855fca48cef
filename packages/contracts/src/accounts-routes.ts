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

/** A separation of previous balances (spec section 4): every balance before `date` taken to zero. */
export const balanceSeparation = z.object({
  id: z.string(),
  /** The first day that opens at zero (the entries are dated the day before). */
  date: z.string(),
  branches: z.number().int(),
  lines: z.number().int(),
  postedAt: z.string(),
  postedBy: z.string().nullable(),
  undone: z.boolean(),
});
export type BalanceSeparation = z.infer<typeof balanceSeparation>;

export const balanceSeparationInput = z.object({
  date: isoDateSchema,
  /** The proof of the re-entered password from POST /api/Users/confirm-password. */
  confirmation: z.string().min(1, { message: 'validation.required' }).max(16_000),
});

/** Why a document could not be posted from its event (issue 13, deliverable 3): the not-posted list. */
export const notPostedReasons = [
  'posting.linkMissing',
  'posting.accountMissing',
  'posting.accountIsParent',
  'posting.branchUnknown',
  'posting.periodClosed',
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
  listBalanceSeparations: {
    ...fiscal,
    method: 'get',
    path: '/api/PreviousBalances/separations',
    access: access.permission(P.editCompany),
    summary: 'The separations of previous balances, newest first',
    response: z.array(balanceSeparation),
  },
  separatePreviousBalances: {
    ...fiscal,
    method: 'post',
    path: '/api/PreviousBalances/separate',
    access: access.permission(P.editCompany),
    summary:
      "Separate previous balances: after the password's confirmation, every account's balance before the date becomes zero (one entry per branch, dated the day before)",
    body: balanceSeparationInput,
    response: balanceSeparation,
  },
  undoBalanceSeparation: {
    ...fiscal,
    method: 'post',
    path: '/api/PreviousBalances/separations/:id/undo',
    access: access.admin,
    summary: 'Undo a separation of previous balances: its entries are reversed',
    params: z.object({ id: idSchema }),
    response: z.object({ id: z.string(), reversed: z.number().int() }),
  },
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
