import { createContext, useContext } from 'react';
import type { ApiClient } from '@erp/api-client';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside the shell');
  return api;
}
