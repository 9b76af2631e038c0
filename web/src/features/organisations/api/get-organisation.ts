import { useQuery } from '@tanstack/react-query';
import type { Organisation } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisation/{id} */
export function getOrganisation(api: ApiClient, id: string): Promise<Organisation> {
  return api.request<Organisation>('GET', `/v1/organisation/${encodeURIComponent(id)}`);
}

export const organisationKey = (id: string) => ['organisations', id] as const;

export function useOrganisation(id: string) {
  const api = useApi();
  return useQuery({ queryKey: organisationKey(id), queryFn: () => getOrganisation(api, id) });
}
