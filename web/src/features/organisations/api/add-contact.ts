import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { contactsKey } from './get-contacts.ts';

/** POST /v1/organisation/{id}/contacts */
export function addContact(api: ApiClient, id: string, body: ContactCreate): Promise<Contact> {
  return api.request<Contact>('POST', `/v1/organisation/${encodeURIComponent(id)}/contacts`, { body });
}

export function useAddContact(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreate) => addContact(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey(id) }),
  });
}
