import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface AssignmentWindow {
  query: string;
  includeUnassigned: boolean;
  offset: number;
  limit: number;
}

const toQuery = (w: AssignmentWindow) => ({
  limit: w.limit,
  offset: w.offset,
  includeUnassigned: w.includeUnassigned,
  ...(w.query ? { query: w.query } : {}),
});

/** GET /v1/user-groups/{id}/users */
export function getGroupUsers(api: ApiClient, id: string, w: AssignmentWindow) {
  return call(api, 'GET', '/v1/user-groups/{id}/users', { path: { id }, query: toQuery(w) });
}

export function useGroupUsers(id: string, w: AssignmentWindow) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.userGroups.users(id, w),
    queryFn: () => getGroupUsers(api, id, w),
    placeholderData: keepPreviousData,
  });
}

export { toQuery as assignmentQuery };
