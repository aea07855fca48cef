import { documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import { Permission as P } from '@erp/contracts/src/permissions';
import {
  MANIFEST_VERSION,
  documentsManifest,
  masterDataManifest,
  type FeatureManifest,
} from '@erp/ui-kit/src/declare';
import ar from './locales/ar/mfe_accounts.json';
import de from './locales/de/mfe_accounts.json';
import en from './locales/en/mfe_accounts.json';
import fr from './locales/fr/mfe_accounts.json';
import ku from './locales/ku/mfe_accounts.json';
import pt from './locales/pt/mfe_accounts.json';
import { accountsPaths } from './paths';

/** The master-data lists this app owns: the accounts service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('accounts'));
/** The journal vouchers (issue 13, deliverable 2) on the kit's document screen, their screens bound by name. */
const documents = documentsManifest(documentsOf('accounts'));

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; a test keeps the two in step.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_accounts',
  routes: [
    ...masterData.routes,
    ...documents.routes,
    // the spec shows no report permissions: the accounts reports read the chart of accounts
    {
      path: accountsPaths.accountsReports,
      permission: P.viewAccounts,
      layout: 'vertical',
      titleKey: 'accountsReports',
    },
    // admins only: the service refuses others, and the screen tells them so
    { path: accountsPaths.journalVerify, permission: null, layout: 'vertical', titleKey: 'journalVerify' },
    {
      path: accountsPaths.fiscalYears,
      permission: 'editCompany',
      layout: 'vertical',
      titleKey: 'fiscalYears',
    },
    { path: accountsPaths.notPosted, permission: 'gLPost', layout: 'vertical', titleKey: 'notPostedTitle' },
    { path: accountsPaths.postVouchers, permission: 'gLPost', layout: 'vertical', titleKey: 'postVouchers' },
  ],
  menu: [
    ...masterData.menu,
    ...documents.menu,
    {
      group: 'accounts',
      path: accountsPaths.postVouchers,
      labelKey: 'postVouchers',
      icon: 'pi pi-send',
      permission: 'gLPost',
      flags: [],
      order: 60,
    },
    {
      group: 'accounts',
      path: accountsPaths.accountsReports,
      labelKey: 'accountsReports',
      icon: 'pi pi-chart-bar',
      flags: [],
      order: 80,
    },
    {
      group: 'settings',
      path: accountsPaths.journalVerify,
      labelKey: 'journalVerify',
      icon: 'pi pi-shield',
      flags: ['admin'],
      order: 90,
    },
    {
      group: 'accounts',
      path: accountsPaths.fiscalYears,
      labelKey: 'fiscalYears',
      icon: 'pi pi-calendar',
      flags: [],
      order: 85,
    },
    {
      group: 'accounts',
      path: accountsPaths.notPosted,
      labelKey: 'notPostedTitle',
      icon: 'pi pi-exclamation-triangle',
      flags: [],
      order: 80,
    },
  ],
  // the title in every language, read off each JSON import (the bundler keeps only this key in the manifest)
  messages: Object.fromEntries(
    Object.entries({ ar, en, fr, de, pt, ku }).map(([l, m]) => [
      l,
      {
        ...masterData.messages[l as keyof typeof masterData.messages],
        ...documents.messages[l as keyof typeof documents.messages],
        journalVerify: m.journalVerify,
        fiscalYears: m.fiscalYears,
        notPostedTitle: m.notPostedTitle,
        postVouchers: m.postVouchers,
        accountsReports: m.accountsReports,
      },
    ]),
  ),
};

export default manifest;
