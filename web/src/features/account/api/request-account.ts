import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { AccountRequestBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/account/request (public): asks for an account; an administrator approves it. */
export function requestAccount(api: ApiClient, body: AccountRequestBody) {
  return call(api, 'POST', '/v1/account/request', { body, skipRefresh: true });
}

export function useRequestAccount() {
  const api = useApi();
  return useMutation({ mutationFn: (body: AccountRequestBody) => requestAccount(api, body) });
}
