import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisation/{id}/contacts */
export function getContacts(api: ApiClient, id: string): Promise<Contact[]> {
  return api.request<Contact[]>('GET', `/v1/organisation/${encodeURIComponent(id)}/contacts`);
}

export const contactsKey = (id: string) => ['organisations', id, 'contacts'] as const;

export function useContacts(id: string) {
  const api = useApi();
  return useQuery({ queryKey: contactsKey(id), queryFn: () => getContacts(api, id) });
}
