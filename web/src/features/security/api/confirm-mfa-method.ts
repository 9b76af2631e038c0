import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MfaMethod } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/users/@me/mfa-methods: the code sent to the phone turns the SMS factor on. */
export function confirmMfaMethod(
  api: ApiClient,
  input: { factorSid: string; code: string },
): Promise<MfaMethod> {
  return call(api, 'PUT', '/v1/users/@me/mfa-methods', { body: input });
}

export function useConfirmMfaMethod() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { factorSid: string; code: string }) => confirmMfaMethod(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.mfaMethods }),
  });
}
