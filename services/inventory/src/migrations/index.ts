import type { Migration } from '@erp/service-kit';
import { catalogMigrations } from './catalog';
import { stockLedgerMigrations } from './stock-ledger';
import { stockDocumentsMigrations } from './stock-documents';
import { laterMigrations } from './later';

/**
 * Frozen: each migration states the schema it makes, as it was when written, and never reads today's
 * declarations. A field added to a declaration later gets a new migration appended to the last part (the
 * declared-schema test fails until it exists; the upgrade test proves an earlier database reaches the same
 * schema). One file a part, in order.
 */
export const inventoryMigrations: Migration[] = [
  ...catalogMigrations,
  ...stockLedgerMigrations,
  ...stockDocumentsMigrations,
  ...laterMigrations,
];
