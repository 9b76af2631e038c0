import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { User } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/users/@me with the language alone: the interface language saved to the account. */
export function saveLanguage(api: ApiClient, language: string) {
  return call(api, 'PUT', '/v1/users/{id}', { path: { id: '@me' }, body: { language } });
}

/** Saves the account's language; the cached caller follows at once, so nothing switches back. */
export function useSaveLanguage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => saveLanguage(api, language),
    onMutate: (language) => {
      queryClient.setQueryData<User>(queryKeys.me, (me) => (me ? { ...me, language } : me));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}
