import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PAGE_SIZE = 20;

/** GET /v1/organisations/paginated: one page, optionally filtered by name. */
export function listOrganisations(api: ApiClient, query: string, page: number) {
  return call(api, 'GET', '/v1/organisations/paginated', {
    query: { page, size: PAGE_SIZE, ...(query ? { query } : {}) },
  });
}

/** A page of organisations; the previous page stays on screen while the next loads. */
export function useOrganisations(query: string, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.organisations.page(query, page),
    queryFn: () => listOrganisations(api, query, page),
    placeholderData: keepPreviousData,
  });
}
