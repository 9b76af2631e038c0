import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaMethodKind } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { mfaMethodsKey } from './get-mfa-methods.ts';

export interface RemoveMethodInput {
  factorSid: string;
  method: MfaMethodKind;
  currentPassword: string;
}

/** DELETE /v1/users/@me/mfa-methods?factorSid=…&method=…; the current password goes in the body. */
export function deleteMfaMethod(api: ApiClient, { factorSid, method, currentPassword }: RemoveMethodInput) {
  return api.request<void>('DELETE', '/v1/users/@me/mfa-methods', {
    query: { factorSid, method },
    body: { currentPassword },
  });
}

export function useDeleteMfaMethod() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveMethodInput) => deleteMfaMethod(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaMethodsKey }),
  });
}
