import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** DELETE /v1/user-groups/{id} */
export function deleteGroup(api: ApiClient, id: string): Promise<void> {
  return api.request<void>('DELETE', `/v1/user-groups/${encodeURIComponent(id)}`);
}

export function useDeleteGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGroup(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-groups', 'organisation'] }),
  });
}
