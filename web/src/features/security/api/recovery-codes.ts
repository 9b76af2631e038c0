import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me/mfa-recovery-codes: how many unused codes are left. */
export function getRecoveryCodes(api: ApiClient) {
  return call(api, 'GET', '/v1/users/@me/mfa-recovery-codes');
}

/** POST /v1/users/@me/mfa-recovery-codes: ten new codes, shown once; the old ones stop working. */
export function regenerateRecoveryCodes(api: ApiClient, currentPassword: string) {
  return call(api, 'POST', '/v1/users/@me/mfa-recovery-codes', { body: { currentPassword } });
}

export function useRecoveryCodes(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.security.recoveryCodes,
    queryFn: () => getRecoveryCodes(api),
    enabled,
  });
}

export function useRegenerateRecoveryCodes() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => regenerateRecoveryCodes(api, currentPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.recoveryCodes }),
  });
}
