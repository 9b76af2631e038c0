import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MfaMethod } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/users/@me/mfa-methods: a pending SMS factor; the server texts its first code. */
export function addSmsMethod(
  api: ApiClient,
  input: { phoneNumber: string; currentPassword: string },
): Promise<MfaMethod> {
  return call(api, 'POST', '/v1/users/@me/mfa-methods', { body: { method: 'sms', ...input } });
}

export function useAddSmsMethod() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { phoneNumber: string; currentPassword: string }) => addSmsMethod(api, input),
  });
}
