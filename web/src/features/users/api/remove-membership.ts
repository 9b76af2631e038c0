import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/users/{id}/memberships/{organisationId}: out of one organisation; the account stays. */
export function removeMembership(api: ApiClient, id: string, organisationId: string) {
  return call(api, 'DELETE', '/v1/users/{id}/memberships/{organisationId}', { path: { id, organisationId } });
}

export function useRemoveMembership(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string) => removeMembership(api, id, organisationId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.searches });
    },
  });
}
