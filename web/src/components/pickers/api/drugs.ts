import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { Drug } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/drugs/search: the organisation's products by name, substance or authorisation number. */
export function searchDrugs(api: ApiClient, query: string, signal: AbortSignal): Promise<Drug[]> {
  return call(api, 'GET', '/v1/drugs/search', { query: { query, limit: 20 }, signal });
}

/** GET /v1/drugs/lookup: the product of a stored code (null when the list does not have it). */
export function useDrugByCode(code: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['pickers', 'drug', code ?? null] as const,
    queryFn: async ({ signal }) =>
      (await call(api, 'GET', '/v1/drugs/lookup', { query: { code: code! }, signal }))[0] ?? null,
    enabled: code !== undefined,
    staleTime: 5 * 60_000,
  });
}
