import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/verify/email: the token of a link mailed to prove an address (no sign-in needed). */
export function confirmEmail(api: ApiClient, token: string) {
  return call(api, 'POST', '/v1/verify/email', { body: { token }, skipRefresh: true });
}

export function useConfirmEmail() {
  const api = useApi();
  return useMutation({ mutationFn: (token: string) => confirmEmail(api, token) });
}
