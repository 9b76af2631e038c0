import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ChangeRequest } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/change-requests/{id}/decline with the message the requester receives. */
export function declineChangeRequest(api: ApiClient, request: ChangeRequest, rejectionMessage: string) {
  return call(api, 'PUT', '/v1/change-requests/{id}/decline', {
    path: { id: request.id },
    body: { rejectionMessage, organisationId: request.organisationId, userId: request.userId },
  });
}

export function useDeclineChangeRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, message }: { request: ChangeRequest; message: string }) =>
      declineChangeRequest(api, request, message),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests.all }),
  });
}
