import { useQuery } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../lib/api-context.tsx';

export interface OrganisationOption {
  id: string;
  name: string;
}

/** GET /v1/organisations/lookup: the organisations the caller may choose from (their platform's). */
export function lookupOrganisations(api: ApiClient): Promise<OrganisationOption[]> {
  return api.request<OrganisationOption[]>('GET', '/v1/organisations/lookup');
}

export function useOrganisationOptions(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['organisations', 'lookup'],
    queryFn: () => lookupOrganisations(api),
    enabled,
  });
}
