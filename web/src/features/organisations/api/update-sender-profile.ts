import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SenderProfileBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ifMatch } from '../../../lib/stale-write.ts';

/** PUT /v1/organisation/{id}/sender-profile: the whole profile, refused with 412 when no longer at `version`. */
export function updateSenderProfile(api: ApiClient, id: string, body: SenderProfileBody, version: number) {
  return call(api, 'PUT', '/v1/organisation/{id}/sender-profile', {
    path: { id },
    body,
    headers: ifMatch(version),
  });
}

export function useUpdateSenderProfile(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, version }: { profile: SenderProfileBody; version: number }) =>
      updateSenderProfile(api, id, profile, version),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.organisations.senderProfile(id), saved),
  });
}
