/** The app's own screens. The spec names no route for the journal's check: it sits under Settings, for admins. */
export const accountsPaths = {
  journalVerify: '/journal-verify',
  /** The spec's hub of the accounts reports (section 2). */
  accountsReports: '/accounts-reports',
} as const;
