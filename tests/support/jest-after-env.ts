import { stopCheckpoints } from '@erp/service-kit';

// SQLite's checkpoint worker (service-kit db/checkpointer.ts) would keep jest's process alive after a test
// file that left a database open: each file stops it when it ends
afterAll(() => stopCheckpoints());
