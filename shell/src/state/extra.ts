import type { ApiClient } from '@erp/api-client';

/** What thunks get beside dispatch and getState. */
export interface ThunkExtra {
  api: ApiClient;
}
