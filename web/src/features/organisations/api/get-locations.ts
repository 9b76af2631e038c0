import { useQuery } from '@tanstack/react-query';
import type { Location } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisation/{id}/locations */
export function getLocations(api: ApiClient, id: string): Promise<Location[]> {
  return api.request<Location[]>('GET', `/v1/organisation/${encodeURIComponent(id)}/locations`);
}

export const locationsKey = (id: string) => ['organisations', id, 'locations'] as const;

export function useLocations(id: string) {
  const api = useApi();
  return useQuery({ queryKey: locationsKey(id), queryFn: () => getLocations(api, id) });
}
