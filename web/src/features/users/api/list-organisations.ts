import { useQuery } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

export interface OrganisationOption {
  id: string;
  name: string;
}

/** GET /v1/organisations/lookup: the platform's organisations, for the organisation filter. */
export function listOrganisations(api: ApiClient): Promise<OrganisationOption[]> {
  return api.request<OrganisationOption[]>('GET', '/v1/organisations/lookup');
}

export function useOrganisationOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['organisations', 'lookup'],
    queryFn: () => listOrganisations(api),
    staleTime: 60_000,
  });
}
