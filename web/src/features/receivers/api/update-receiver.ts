import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ReceiverBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { invalidateReceivers } from './invalidate.ts';

/** PUT /v1/organisation/{id}/receivers/{receiverId}: every field replaced; credentials left out are kept. */
export function updateReceiver(
  api: ApiClient,
  organisationId: string,
  receiverId: string,
  body: ReceiverBody,
) {
  return call(api, 'PUT', '/v1/organisation/{id}/receivers/{receiverId}', {
    path: { id: organisationId, receiverId },
    body,
  });
}

export function useUpdateReceiver(organisationId: string, receiverId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverBody) => updateReceiver(api, organisationId, receiverId, body),
    onSuccess: () => invalidateReceivers(queryClient, organisationId),
  });
}
