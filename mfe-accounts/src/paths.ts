/**
 * The app's own screens. The spec names no route for the journal's check: it sits under Settings, for admins.
 * Bulk posting is the spec's /post-vouchers (gLPost).
 */
export const accountsPaths = {
  journalVerify: '/journal-verify',
  postVouchers: '/post-vouchers',
} as const;
