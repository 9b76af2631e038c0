import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me/sessions: where the caller is signed in, this session first. */
export function listSessions(api: ApiClient) {
  return call(api, 'GET', '/v1/users/@me/sessions');
}

/** DELETE /v1/users/@me/sessions/{id}: signs one session out. */
export function endSession(api: ApiClient, id: string) {
  return call(api, 'DELETE', '/v1/users/@me/sessions/{id}', { path: { id } });
}

/** DELETE /v1/users/@me/sessions: signs out everywhere, this browser too. */
export function endAllSessions(api: ApiClient) {
  return call(api, 'DELETE', '/v1/users/@me/sessions');
}

export function useSessions() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.security.sessions, queryFn: () => listSessions(api) });
}

/**
 * Ends one session (`id`) or all (`'all'`). When the one ended is this browser's (or all
 * are), the local session is cleared as well: the server no longer knows it.
 */
export function useEndSessions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, current }: { id: string | 'all'; current: boolean }) => {
      await (id === 'all' ? endAllSessions(api) : endSession(api, id));
      if (current) api.clearSession();
    },
    onSuccess: (_, { current }) => {
      if (!current) void queryClient.invalidateQueries({ queryKey: queryKeys.security.sessions });
    },
  });
}
