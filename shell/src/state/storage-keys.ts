// A module of its own, without imports: the page entry reads the language before any shared module is there.
/** The client storage keys of spec section 7: access token, user profile, language, branch id, current year. */
export const STORAGE_KEYS = {
  accessToken: 'erp.accessToken',
  userData: 'erp.userData',
  language: 'erp.language',
  branchId: 'erp.branchId',
  currentYear: 'erp.currentYear',
  /** The last theme (issue 3), so the page opens in it before the user's preferences are read. */
  theme: 'erp.theme',
} as const;
