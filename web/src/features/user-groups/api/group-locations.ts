import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GroupLocation } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { type AssignmentWindow, assignmentQuery } from './group-users.ts';

/** GET /v1/user-groups/{id}/locations */
export function getGroupLocations(api: ApiClient, id: string, w: AssignmentWindow): Promise<GroupLocation[]> {
  return api.request<GroupLocation[]>('GET', `/v1/user-groups/${encodeURIComponent(id)}/locations`, {
    query: assignmentQuery(w),
  });
}

export function useGroupLocations(id: string, w: AssignmentWindow) {
  const api = useApi();
  return useQuery({
    queryKey: ['user-groups', id, 'locations', w],
    queryFn: () => getGroupLocations(api, id, w),
    placeholderData: keepPreviousData,
  });
}
