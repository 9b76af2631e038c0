import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { AuthContextSwitch } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * PUT /v1/auth-context: work in another organisation. The session itself switches (the
 * refresh token is kept); the answer's access token names the new organisation.
 */
export async function switchAuthContext(api: ApiClient, organisationId: string): Promise<AuthContextSwitch> {
  const answer = await call(api, 'PUT', '/v1/auth-context', {
    body: { organisationId, platformId: api.session.platformId ?? undefined },
  });
  api.setSession({
    token: answer.token,
    organisationId: answer.organisationId,
  });
  return answer;
}

/** Switches, then refetches every page's data for the new organisation. */
export function useSwitchAuthContext() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string) => switchAuthContext(api, organisationId),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
