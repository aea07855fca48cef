/**
 * The app's own screens. The spec names no route for the journal's check (it sits under Settings, for admins)
 * nor for fiscal years (under Accounts, with editCompany: they are the company's).
 */
export const accountsPaths = {
  journalVerify: '/journal-verify',
  fiscalYears: '/fiscal-years',
} as const;
