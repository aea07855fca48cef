import type { ScreenRegistry } from '@erp/ui-kit';

/**
 * The screens of this app, keyed by the manifest route they render. Empty until its master-data screens land
 * (items, units, categories, price lists, stores, stock documents, stocktaking): the manifest lists only screens that exist, and a test keeps the two in step.
 */
export const screens: ScreenRegistry = {};
