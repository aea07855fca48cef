import { Permission as P, documentsOf, entitiesOf } from '@erp/contracts/src/declare';
import {
  MANIFEST_VERSION,
  documentsManifest,
  masterDataManifest,
  type FeatureManifest,
  type FeatureRoute,
  type MenuEntry,
} from '@erp/ui-kit/src/declare';
import { messages } from './messages';

/** The master-data lists this app owns: the inventory service's entities (issue 3, item 6). */
const masterData = masterDataManifest(entitiesOf('inventory'));
/** The stock documents (issue 4, item 4) on the kit's document screen: list, new and edit/{id} of each. */
const documents = documentsManifest(documentsOf('inventory'));

/** The app's own screens at the spec's paths (section 2). */
export const inventoryPaths = {
  stockTransactions: '/orders',
  itemsReports: '/items-reports',
  /** A manufacturing order's exchange order (the spec's '/view/{id} manufacturing exchange order'). */
  manufacturingExchange: '/view/:id',
} as const;

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

/** The routes whose screens load with the first of them (documents, transactions, reports): see screens.ts. */
export const laterPaths: readonly string[] = [...documents.routes, ...ownRoutes].map((r) => r.path);

const titles = (key: 'stockTransactions' | 'itemsReports' | 'manufacturingExchange') =>
  Object.fromEntries(Object.entries(messages).map(([l, m]) => [l, m[key] as string]));

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
