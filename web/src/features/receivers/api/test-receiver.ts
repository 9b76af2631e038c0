import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/organisation/{id}/receivers/{receiverId}/test: a synthetic case sent; the receiver's answer. */
export function testReceiver(api: ApiClient, organisationId: string, receiverId: string) {
  return call(api, 'POST', '/v1/organisation/{id}/receivers/{receiverId}/test', {
    path: { id: organisationId, receiverId },
  });
}

export function useTestReceiver(organisationId: string, receiverId: string) {
  const api = useApi();
  return useMutation({ mutationFn: () => testReceiver(api, organisationId, receiverId) });
}
