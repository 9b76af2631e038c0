import { useMutation } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/login/verify: the second sign-in step. The client sends the pending MFA session id
 * it kept from the login answer, and stores the real session on success. The method is left
 * to the server (the account's configured factor).
 */
export function verifyLogin(api: ApiClient, code: string) {
  return api.verifyLogin({ code });
}

/** The MFA step as a mutation. */
export function useVerifyLogin() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => verifyLogin(api, code) });
}
