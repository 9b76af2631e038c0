import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ReceiverBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { invalidateReceivers } from './invalidate.ts';

/** POST /v1/organisation/{id}/receivers */
export function createReceiver(api: ApiClient, organisationId: string, body: ReceiverBody) {
  return call(api, 'POST', '/v1/organisation/{id}/receivers', { path: { id: organisationId }, body });
}

export function useCreateReceiver(organisationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverBody) => createReceiver(api, organisationId, body),
    onSuccess: () => invalidateReceivers(queryClient, organisationId),
  });
}
