import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** DELETE /v1/users/{id}/memberships/{organisationId}: out of one organisation; the account stays. */
export function removeMembership(api: ApiClient, id: string, organisationId: string): Promise<void> {
  return api.request<void>(
    'DELETE',
    `/v1/users/${encodeURIComponent(id)}/memberships/${encodeURIComponent(organisationId)}`,
  );
}

export function useRemoveMembership(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string) => removeMembership(api, id, organisationId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'search'] });
    },
  });
}
