import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type AssignmentWindow, assignmentQuery } from './group-users.ts';

/** GET /v1/user-groups/{id}/locations */
export function getGroupLocations(api: ApiClient, id: string, w: AssignmentWindow) {
  return call(api, 'GET', '/v1/user-groups/{id}/locations', { path: { id }, query: assignmentQuery(w) });
}

export function useGroupLocations(id: string, w: AssignmentWindow) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.userGroups.locations(id, w),
    queryFn: () => getGroupLocations(api, id, w),
    placeholderData: keepPreviousData,
  });
}
