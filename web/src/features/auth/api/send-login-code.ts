import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/verify/initiate during the MFA step: texts a code to the account's phone. The
 * bearer is the MFA session id the client holds; a 403 is never a token to refresh here.
 */
export function sendLoginCode(api: ApiClient) {
  return call(api, 'POST', '/v1/verify/initiate', { body: { method: 'sms' }, skipRefresh: true });
}

export function useSendLoginCode() {
  const api = useApi();
  return useMutation({ mutationFn: () => sendLoginCode(api) });
}
