import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface AccountChanges {
  firstName: string;
  lastName: string;
  language: string;
  preferences: Record<string, unknown>;
}

/** PUT /v1/users/@me: the caller's own settings. */
export function updateAccount(api: ApiClient, changes: AccountChanges) {
  return call(api, 'PUT', '/v1/users/{id}', { path: { id: '@me' }, body: changes });
}

export function useUpdateAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccountChanges) => updateAccount(api, changes),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.account, user);
      // The header and profile read the caller's record too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
