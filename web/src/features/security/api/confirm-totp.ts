import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MfaMethod } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/setup/totp/verify: the first code from the app turns the factor on. */
export function confirmTotp(api: ApiClient, input: { factorSid: string; code: string }): Promise<MfaMethod> {
  return call(api, 'POST', '/v1/setup/totp/verify', { body: input });
}

export function useConfirmTotp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { factorSid: string; code: string }) => confirmTotp(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.mfaMethods }),
  });
}
