import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { OrganisationInviteCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/organisation-invite: records the invite and emails its link. */
export function createInvite(api: ApiClient, body: OrganisationInviteCreate) {
  return call(api, 'POST', '/v1/organisation-invite', { body });
}

export function useCreateInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationInviteCreate) => createInvite(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites.lists }),
  });
}
