import { documentsOf } from '@erp/contracts';
import { documentScreens, type ScreenRegistry } from '@erp/ui-kit';

/** The journal vouchers' screens, by name (one chunk, loaded when the first of them opens). */
export const voucherScreens: ScreenRegistry = documentScreens(documentsOf('accounts'));
