import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ContactCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/organisation/{id}/contacts */
export function addContact(api: ApiClient, id: string, body: ContactCreate) {
  return call(api, 'POST', '/v1/organisation/{id}/contacts', { path: { id }, body });
}

export function useAddContact(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreate) => addContact(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisations.contacts(id) }),
  });
}
