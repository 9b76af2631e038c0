import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserDetail } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/users/@me with the language alone: the interface language saved to the account. */
export function saveLanguage(api: ApiClient, language: string): Promise<UserDetail> {
  return api.request<UserDetail>('PUT', '/v1/users/@me', { body: { language } });
}

/** Saves the account's language; the cached caller follows at once, so nothing switches back. */
export function useSaveLanguage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => saveLanguage(api, language),
    onMutate: (language) => {
      queryClient.setQueryData<User>(['users', '@me'], (me) => (me ? { ...me, language } : me));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['users', '@me'] });
      void queryClient.invalidateQueries({ queryKey: ['account', 'settings'] });
    },
  });
}
