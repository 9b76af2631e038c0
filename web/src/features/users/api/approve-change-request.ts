import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ChangeRequest } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/change-requests/{id}/approve: the change is applied. */
export function approveChangeRequest(api: ApiClient, request: ChangeRequest) {
  return call(api, 'PUT', '/v1/change-requests/{id}/approve', {
    path: { id: request.id },
    body: { organisationId: request.organisationId, userId: request.userId },
  });
}

export function useApproveChangeRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeRequest) => approveChangeRequest(api, request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
