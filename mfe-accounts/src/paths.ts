/** The app's own screens. The spec names no route for the journal's check: it sits under Settings, for admins. */
export const accountsPaths = {
  journalVerify: '/journal-verify',
} as const;
