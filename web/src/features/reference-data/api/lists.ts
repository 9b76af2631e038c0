import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { EdqmClass } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** 50 EDQM terms a page (the route's own default). */
export const EDQM_PAGE_SIZE = 50;

export interface EdqmSearch {
  query: string;
  class: EdqmClass | '';
  includeDeprecated: boolean;
  page: number;
}

/** GET /v1/edqm: dose forms and routes, by words of the term, a translation or the code. */
export function useEdqmTerms(search: EdqmSearch) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.edqm(search),
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(api, 'GET', '/v1/edqm', {
        query: {
          ...(search.query ? { query: search.query } : {}),
          ...(search.class ? { class: search.class } : {}),
          includeDeprecated: search.includeDeprecated,
          limit: EDQM_PAGE_SIZE,
          offset: (search.page - 1) * EDQM_PAGE_SIZE,
        },
      }),
  });
}

/** GET /v1/hospitals: an organisation's hospitals (at most 500), by words of the name, city or code. */
export function useHospitals(organisationId: string | null, query: string, includeInactive: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.hospitals(organisationId, { query, includeInactive }),
    enabled: organisationId !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(api, 'GET', '/v1/hospitals', {
        query: {
          ...(organisationId ? { organisationId } : {}),
          ...(query ? { query } : {}),
          includeInactive,
        },
      }),
  });
}
