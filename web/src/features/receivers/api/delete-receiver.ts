import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { invalidateReceivers } from './invalidate.ts';

/** DELETE /v1/organisation/{id}/receivers/{receiverId}: refused (409) once something was submitted to it. */
export function deleteReceiver(api: ApiClient, organisationId: string, receiverId: string) {
  return call(api, 'DELETE', '/v1/organisation/{id}/receivers/{receiverId}', {
    path: { id: organisationId, receiverId },
  });
}

export function useDeleteReceiver(organisationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiverId: string) => deleteReceiver(api, organisationId, receiverId),
    onSuccess: () => invalidateReceivers(queryClient, organisationId),
  });
}
