import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation/{id}/contacts */
export function getContacts(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/organisation/{id}/contacts', { path: { id } });
}

export function useContacts(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.organisations.contacts(id), queryFn: () => getContacts(api, id) });
}
