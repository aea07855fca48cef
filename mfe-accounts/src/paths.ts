/**
 * The app's own screens. The spec names no route for the journal's check (it sits under Settings, for admins)
 * nor for fiscal years (under Accounts, with editCompany: they are the company's). Bulk posting is the spec's
 * /post-vouchers (gLPost).
 */
export const accountsPaths = {
  journalVerify: '/journal-verify',
  fiscalYears: '/fiscal-years',
  /** Documents whose posting from events failed (issue 13, deliverable 3); the spec names no route for it. */
  notPosted: '/not-posted',
  postVouchers: '/post-vouchers',
  /** The spec's hub of the accounts reports (section 2). */
  accountsReports: '/accounts-reports',
} as const;
