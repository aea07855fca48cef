import { documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import { Permission as P } from '@erp/contracts/src/permissions';
import {
  MANIFEST_VERSION,
  documentsManifest,
  masterDataManifest,
  type FeatureManifest,
} from '@erp/ui-kit/src/declare';
import ar from './locales/ar/mfe_sales.json';
import de from './locales/de/mfe_sales.json';
import en from './locales/en/mfe_sales.json';
import fr from './locales/fr/mfe_sales.json';
import ku from './locales/ku/mfe_sales.json';
import pt from './locales/pt/mfe_sales.json';
import { salesPaths } from './paths';

/** The master-data lists this app owns: the sales service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('sales'));
/** The sales documents (issue 14) on the kit's document screen: list, new and edit/{id} of each. */
const documents = documentsManifest(documentsOf('sales'));

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; a test keeps the two in step.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_sales',
  routes: [
    ...masterData.routes,
    ...documents.routes,
    // the spec shows no report permissions: the sales reports read the sales documents (viewTransactions)
    {
      path: salesPaths.salesReports,
      permission: P.viewTransactions,
      layout: 'vertical',
      titleKey: 'salesReports',
    },
    // the spec's route table guards the dashboard with viewPurchDashboard; its menu entry names viewSalesDashboard
    {
      path: salesPaths.salesDashboard,
      permission: P.viewPurchDashboard,
      layout: 'vertical',
      titleKey: 'salesDashboard',
    },
    // the spec's safe transactions (cashiers' shifts) and their close, with its permissions
    {
      path: salesPaths.safeTransactions,
      permission: P.viewSafeTransactions,
      layout: 'vertical',
      titleKey: 'safeTransactions',
    },
    {
      path: salesPaths.closeSafeTransaction,
      permission: P.closeSafes,
      layout: 'vertical',
      titleKey: 'closeSafeTransaction',
    },
    // the till, full screen (spec section 1: /point-of-sale, addSalesTransactions)
    {
      path: salesPaths.pointOfSale,
      permission: P.addSalesTransactions,
      layout: 'full',
      titleKey: 'pointOfSale',
    },
    // the same till making a quotation (spec section 2's menu 'pos-quotation'), and opened on the hung invoices
    {
      path: salesPaths.posQuotation,
      permission: P.addQuotations,
      layout: 'full',
      titleKey: 'posQuotation',
    },
    {
      path: salesPaths.hungInvoices,
      permission: P.addSalesTransactions,
      layout: 'full',
      titleKey: 'hungInvoices',
    },
  ],
  menu: [
    ...masterData.menu,
    ...documents.menu,
    {
      group: 'sales',
      path: salesPaths.pointOfSale,
      labelKey: 'posInvoice',
      icon: 'pi pi-shopping-cart',
      permission: P.addSalesTransactions,
      flags: [],
      order: 1,
    },
    {
      group: 'sales',
      path: salesPaths.posQuotation,
      labelKey: 'posQuotation',
      icon: 'pi pi-file-edit',
      permission: P.addQuotations,
      flags: [],
      order: 2,
    },
    {
      group: 'sales',
      path: salesPaths.hungInvoices,
      labelKey: 'hungInvoices',
      icon: 'pi pi-pause',
      permission: P.addSalesTransactions,
      flags: [],
      order: 3,
    },
    {
      group: 'reports',
      path: salesPaths.salesReports,
      labelKey: 'salesReports',
      icon: 'pi pi-chart-bar',
      permission: P.viewTransactions,
      flags: [],
      order: 20,
    },
    {
      group: 'statistics',
      path: salesPaths.salesDashboard,
      labelKey: 'salesDashboard',
      icon: 'pi pi-chart-line',
      permission: P.viewSalesDashboard,
      flags: [],
      order: 10,
    },
    // the spec lists /safe-transaction among the main data's routes (section 2)
    {
      group: 'mainData',
      path: salesPaths.safeTransactions,
      labelKey: 'safeTransactions',
      icon: 'pi pi-wallet',
      permission: P.viewSafeTransactions,
      flags: [],
      order: 90,
    },
  ],
  // the titles in every language, read off each JSON import (the bundler keeps only these keys in the manifest)
  messages: Object.fromEntries(
    Object.entries({ ar, en, fr, de, pt, ku }).map(([l, m]) => [
      l,
      {
        ...masterData.messages[l as keyof typeof masterData.messages],
        ...documents.messages[l as keyof typeof documents.messages],
        salesReports: m.salesReports,
        salesDashboard: m.salesDashboard,
        safeTransactions: m.safeTransactions,
        closeSafeTransaction: m.closeSafeTransaction,
        pointOfSale: m.pointOfSale,
        posInvoice: m.posInvoice,
        posQuotation: m.posQuotation,
        hungInvoices: m.hungInvoices,
      },
    ]),
  ),
};

export default manifest;
