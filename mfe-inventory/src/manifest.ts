import { Permission as P, documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import {
  MANIFEST_VERSION,
  documentsManifest,
  masterDataManifest,
  type FeatureManifest,
  type FeatureRoute,
  type MenuEntry,
} from '@erp/ui-kit/src/declare';
import ar from './locales/ar/mfe_inventory.json';
import de from './locales/de/mfe_inventory.json';
import en from './locales/en/mfe_inventory.json';
import fr from './locales/fr/mfe_inventory.json';
import ku from './locales/ku/mfe_inventory.json';
import pt from './locales/pt/mfe_inventory.json';
import { inventoryPaths } from './paths';

export { inventoryPaths };

/** The master-data lists this app owns: the inventory service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('inventory'));
/** The stock documents (issue 4, item 4) on the kit's document screen: list, new and edit/{id} of each. */
const documents = documentsManifest(documentsOf('inventory'));

const ownRoutes: FeatureRoute[] = [
  {
    path: inventoryPaths.stockTransactions,
    permission: P.viewStockCategoryTransactions,
    layout: 'vertical',
    titleKey: 'stockTransactions',
  },
  // the spec does not show the reports' permissions; the reports read the items
  {
    path: inventoryPaths.itemsReports,
    permission: P.viewItems,
    layout: 'vertical',
    titleKey: 'itemsReports',
  },
  {
    path: inventoryPaths.manufacturingExchange,
    permission: P.editManufacturingOrders,
    layout: 'vertical',
    titleKey: 'manufacturingExchange',
  },
];
const ownMenu: MenuEntry[] = [
  {
    group: 'inventory',
    path: inventoryPaths.stockTransactions,
    labelKey: 'stockTransactions',
    icon: 'pi pi-list',
    flags: [],
    order: 90,
  },
  {
    group: 'reports',
    path: inventoryPaths.itemsReports,
    labelKey: 'itemsReports',
    icon: 'pi pi-chart-bar',
    flags: [],
    order: 60,
  },
];

/**
 * The shell names every app's screens in every language before loading it (the manifest contract), so the
 * manifest takes the titles in all six languages; the screens fetch their texts one language at a time. Each
 * title is read straight off its JSON import, so the bundler keeps only these keys in the manifest.
 */
const titlesByLanguage = {
  ar: {
    stockTransactions: ar.stockTransactions,
    itemsReports: ar.itemsReports,
    manufacturingExchange: ar.manufacturingExchange,
  },
  en: {
    stockTransactions: en.stockTransactions,
    itemsReports: en.itemsReports,
    manufacturingExchange: en.manufacturingExchange,
  },
  fr: {
    stockTransactions: fr.stockTransactions,
    itemsReports: fr.itemsReports,
    manufacturingExchange: fr.manufacturingExchange,
  },
  de: {
    stockTransactions: de.stockTransactions,
    itemsReports: de.itemsReports,
    manufacturingExchange: de.manufacturingExchange,
  },
  pt: {
    stockTransactions: pt.stockTransactions,
    itemsReports: pt.itemsReports,
    manufacturingExchange: pt.manufacturingExchange,
  },
  ku: {
    stockTransactions: ku.stockTransactions,
    itemsReports: ku.itemsReports,
    manufacturingExchange: ku.manufacturingExchange,
  },
};
const titles = (key: 'stockTransactions' | 'itemsReports' | 'manufacturingExchange') =>
  Object.fromEntries(Object.entries(titlesByLanguage).map(([l, m]) => [l, m[key]]));

/**
 * What the shell reads before mounting anything: the routes this app renders (the spec's paths), their
 * permissions, and its sidebar entries. Only screens that exist are listed; a test keeps the two in step.
 */
export const manifest: FeatureManifest = {
  version: MANIFEST_VERSION,
  name: 'mfe_inventory',
  routes: [...masterData.routes, ...documents.routes, ...ownRoutes],
  menu: [...masterData.menu, ...documents.menu, ...ownMenu],
  messages: Object.fromEntries(
    Object.keys(masterData.messages).map((l) => [
      l,
      {
        ...masterData.messages[l as keyof typeof masterData.messages],
        ...documents.messages[l as keyof typeof documents.messages],
        stockTransactions: titles('stockTransactions')[l]!,
        itemsReports: titles('itemsReports')[l]!,
        manufacturingExchange: titles('manufacturingExchange')[l]!,
      },
    ]),
  ),
};

export default manifest;
