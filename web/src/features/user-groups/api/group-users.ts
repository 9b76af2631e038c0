import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GroupUser } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

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
export function getGroupUsers(api: ApiClient, id: string, w: AssignmentWindow): Promise<GroupUser[]> {
  return api.request<GroupUser[]>('GET', `/v1/user-groups/${encodeURIComponent(id)}/users`, {
    query: toQuery(w),
  });
}

export function useGroupUsers(id: string, w: AssignmentWindow) {
  const api = useApi();
  return useQuery({
    queryKey: ['user-groups', id, 'users', w],
    queryFn: () => getGroupUsers(api, id, w),
    placeholderData: keepPreviousData,
  });
}

export { toQuery as assignmentQuery };
