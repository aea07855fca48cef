import type { ScreenRegistry } from '@erp/ui-kit';

/**
 * The screens of this app, keyed by the manifest route they render. Empty until its master-data screens land
 * (suppliers, purchase orders, purchase invoices, returns): the manifest lists only screens that exist, and a test keeps the two in step.
 */
export const screens: ScreenRegistry = {};
