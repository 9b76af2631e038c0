import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ChangeRequestStatus } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ChangeRequestSearch {
  statuses: ChangeRequestStatus[];
  page: number;
}

/** GET /v1/change-requests: the queue, pending first. */
export function listChangeRequests(api: ApiClient, search: ChangeRequestSearch) {
  return call(api, 'GET', '/v1/change-requests', {
    query: { statuses: search.statuses, page: search.page, size: 50 },
  });
}

export function useChangeRequests(search: ChangeRequestSearch) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.changeRequests.list(search),
    queryFn: () => listChangeRequests(api, search),
    placeholderData: keepPreviousData,
  });
}
