import type { ApiClient } from '@vigilo/client';
import { createContext, type ReactNode, useContext } from 'react';

export type { ApiClient };

const ApiContext = createContext<ApiClient | null>(null);

/** Makes the API client reachable to every component below it; tests pass a fake one. */
export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API client of the nearest ApiProvider. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside an ApiProvider');
  return api;
}
