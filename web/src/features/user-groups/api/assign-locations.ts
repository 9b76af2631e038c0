import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentChange } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/user-groups/{id}/locations */
export function assignLocations(api: ApiClient, id: string, body: AssignmentChange): Promise<void> {
  return api.request<void>('PUT', `/v1/user-groups/${encodeURIComponent(id)}/locations`, { body });
}

export function useAssignLocations(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignmentChange) => assignLocations(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-groups', id] }),
  });
}
