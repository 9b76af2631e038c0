import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MfaMethodKind } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface RemoveMethodInput {
  factorSid: string;
  method: MfaMethodKind;
  currentPassword: string;
}

/** DELETE /v1/users/@me/mfa-methods?factorSid=…&method=…; the current password goes in the body. */
export function deleteMfaMethod(api: ApiClient, { factorSid, method, currentPassword }: RemoveMethodInput) {
  return call(api, 'DELETE', '/v1/users/@me/mfa-methods', {
    query: { factorSid, method },
    body: { currentPassword },
  });
}

export function useDeleteMfaMethod() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveMethodInput) => deleteMfaMethod(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.mfaMethods }),
  });
}
