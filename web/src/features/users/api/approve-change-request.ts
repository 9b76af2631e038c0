import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/change-requests/{id}/approve: the change is applied. */
export function approveChangeRequest(api: ApiClient, request: ChangeRequest): Promise<ChangeRequest> {
  return api.request<ChangeRequest>('PUT', `/v1/change-requests/${encodeURIComponent(request.id)}/approve`, {
    body: { organisationId: request.organisationId, userId: request.userId },
  });
}

export function useApproveChangeRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeRequest) => approveChangeRequest(api, request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['change-requests'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
