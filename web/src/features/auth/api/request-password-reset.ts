import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/reset-password: the server mails a link if the account exists, and always answers 204. */
export function requestPasswordReset(api: ApiClient, identifier: string): Promise<void> {
  const id = identifier.trim();
  const body = id.includes('@') ? { email: id } : { username: id };
  return call(api, 'POST', '/v1/reset-password', { body, skipRefresh: true });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({ mutationFn: (identifier: string) => requestPasswordReset(api, identifier) });
}
