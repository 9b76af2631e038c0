import { useQuery } from '@tanstack/react-query';
import type { OrganisationLookup } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisations/lookup: names for the organisation picker of platform administrators. */
export function lookupOrganisations(api: ApiClient): Promise<OrganisationLookup[]> {
  return api.request<OrganisationLookup[]>('GET', '/v1/organisations/lookup');
}

export function useOrganisationLookup(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['organisations', 'lookup'],
    queryFn: () => lookupOrganisations(api),
    enabled,
  });
}
