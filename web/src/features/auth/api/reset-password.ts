import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/change-password: a new password with the token from the reset email. Signs nobody in. */
export function resetPassword(
  api: ApiClient,
  input: { resetToken: string; password: string },
): Promise<void> {
  return call(api, 'POST', '/v1/change-password', { body: input, skipRefresh: true });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { resetToken: string; password: string }) => resetPassword(api, input),
  });
}
