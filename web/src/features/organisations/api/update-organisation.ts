import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organisation, OrganisationUpdate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { organisationKey } from './get-organisation.ts';

/** PUT /v1/organisation/{id}: the fields to change. */
export function updateOrganisation(
  api: ApiClient,
  id: string,
  body: OrganisationUpdate,
): Promise<Organisation> {
  return api.request<Organisation>('PUT', `/v1/organisation/${encodeURIComponent(id)}`, { body });
}

export function useUpdateOrganisation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationUpdate) => updateOrganisation(api, id, body),
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKey(id), organisation);
      void queryClient.invalidateQueries({ queryKey: ['organisations', 'paginated'] });
    },
  });
}
