import { en as screens } from './screens/en';
import { en as kit } from './kit/en';

/**
 * Interface texts of the shell ('shell' namespace) and of the shared UI kit ('ui' namespace) in English, the
 * fallback language. Every other language has exactly this key set (a jest test checks it). `{{name}}` is an
 * i18next placeholder.
 */
export const en = {
  shell: {
    appName: 'ERP platform',
    common: {
      loading: 'Loading…',
      retry: 'Try again',
      close: 'Close',
    },
    login: {
      title: 'Sign in',
      subtitle: 'Enter your user name and password to continue.',
      userName: 'User name',
      password: 'Password',
      submit: 'Sign in',
    },
    alerts: {
      errorTitle: 'Error',
      successTitle: 'Done',
      unauthorizedTitle: 'Unauthorized',
      wrongCredentials: 'Wrong user name or password',
      sessionExpiredTitle: 'Session expired',
      expiredToken: 'Your session has expired, please log in again',
      networkError: 'The server cannot be reached. Check the connection and try again.',
      unexpected: 'Something went wrong. Please try again.',
    },
    subscription: {
      title: 'Subscription',
      contactUs: 'Contact us',
    },
    nav: {
      toggleMenu: 'Show or hide the menu',
      language: 'Language',
      branch: 'Branch',
      fiscalYear: 'Fiscal year',
      allYears: 'All years',
      logout: 'Log out',
      home: 'Home',
      mainNavigation: 'Main navigation',
    },
    groups: {
      statistics: 'Statistics',
      mainData: 'Main data',
      items: 'Items',
      concrete: 'Concrete',
      dealers: 'Dealers',
      sales: 'Sales',
      purchase: 'Purchase',
      stores: 'Stores',
      inventory: 'Inventory',
      assets: 'Assets',
      accounts: 'Accounts',
      settings: 'Settings',
      reports: 'Reports',
    },
    apps: {
      mfe_sales: 'Sales',
      mfe_purchases: 'Purchases',
      mfe_inventory: 'Inventory',
      mfe_accounts: 'Accounts',
      mfe_restaurant: 'Restaurant',
      mfe_concrete: 'Concrete',
      other: 'Additional module',
    },
    home: {
      welcome: 'Welcome, {{name}}',
      subtitle: 'Here is where you are working today.',
      company: 'Company',
      branch: 'Branch',
      fiscalYear: 'Fiscal year',
      favorites: 'Favorite pages',
      noFavorites: 'You have not starred any page yet.',
      modules: 'Applications',
      moduleLoading: 'Loading',
      moduleReady: 'Ready, screens available to you: {{count}}',
      moduleEmpty: 'Ready, no screens available yet',
      moduleFailed: 'Not available right now',
    },
    notFound: {
      code: '404',
      title: 'Page not found',
      message: 'The page does not exist, or you do not have permission to open it.',
      back: 'Back to home',
    },
    remote: {
      failed: 'The {{app}} module could not be loaded.',
      hint: 'The rest of the application keeps working. Try again in a moment.',
    },
    languages: {
      ar: 'العربية',
      en: 'English',
      fr: 'Français',
      de: 'Deutsch',
      pt: 'Português',
      ku: 'کوردی',
    },
    ...screens,
  },
  ui: {
    ...kit,
    loading: 'Loading…',
    /** A server list without rows (useServerList): shell and feature apps alike. */
    noRecords: 'No records found',
    errorBoundary: {
      title: 'This screen stopped working.',
      message: 'The error was reported. You can try again or go to another page.',
      retry: 'Try again',
    },
    screenMissing: 'This screen is not available in the loaded version of the module.',
    md: {
      search: 'Search',
      new: 'New',
      export: 'Export to Excel',
      view: 'View',
      edit: 'Edit',
      delete: 'Delete',
      actions: 'Actions',
      save: 'Save',
      cancel: 'Cancel',
      back: 'Back to the list',
      all: 'All',
      filterBy: 'Filter by {{field}}',
      confirmDeleteTitle: 'Delete the record',
      confirmDelete: 'Delete “{{name}}”? This cannot be undone.',
      deleted: 'The record was deleted.',
      saved: 'The record was saved.',
      errorTitle: 'Error',
      readOnly: 'The master branch is read-only: its records can be viewed, not changed.',
      secretSet: 'A secret code is set; leave this empty to keep it.',
      secretNotSet: 'No secret code is set.',
      codeAutomatic: 'Automatic',
      newTitle: 'New: {{entity}}',
      editTitle: 'Edit: {{entity}}',
      viewTitle: 'View: {{entity}}',
      notFound: 'This record does not exist any more.',
      total: 'Records: {{count}}',
      noChoice: 'None',
    },
  },
};

/** The shape every language must have: the same keys, string leaves. */
export type ClientMessages = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
