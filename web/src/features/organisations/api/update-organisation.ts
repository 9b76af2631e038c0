import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { OrganisationUpdate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ifMatch } from '../../../lib/stale-write.ts';

/**
 * PUT /v1/organisation/{id}: the fields to change, refused with 412 when the organisation
 * is no longer at `version` (someone else saved since it was opened).
 */
export function updateOrganisation(api: ApiClient, id: string, body: OrganisationUpdate, version: number) {
  return call(api, 'PUT', '/v1/organisation/{id}', { path: { id }, body, headers: ifMatch(version) });
}

export function useUpdateOrganisation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: OrganisationUpdate; version: number }) =>
      updateOrganisation(api, id, changes, version),
    onSuccess: (organisation) => {
      queryClient.setQueryData(queryKeys.organisations.one(id), organisation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.organisations.pages });
    },
  });
}
