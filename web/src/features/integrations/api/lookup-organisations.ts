import { useQuery } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

export interface OrganisationOption {
  id: string;
  name: string;
}

/** GET /v1/organisations/lookup: the platform's organisations, for the "new accounts join" picker. */
export function lookupOrganisations(api: ApiClient): Promise<OrganisationOption[]> {
  return api.request<OrganisationOption[]>('GET', '/v1/organisations/lookup');
}

export function useOrganisationOptions(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: integrationKeys.organisations,
    queryFn: () => lookupOrganisations(api),
    enabled,
  });
}
