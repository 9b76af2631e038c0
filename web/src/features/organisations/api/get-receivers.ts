import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisation/{id}/receivers */
export function getReceivers(api: ApiClient, id: string): Promise<CatalogueItem[]> {
  return api.request<CatalogueItem[]>('GET', `/v1/organisation/${encodeURIComponent(id)}/receivers`);
}

export function useReceivers(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['organisations', id, 'receivers'], queryFn: () => getReceivers(api, id) });
}
