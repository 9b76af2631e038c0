import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me?includeSettings=true: the signed-in user with preferences. */
export function getAccount(api: ApiClient) {
  return call(api, 'GET', '/v1/users/{id}', { path: { id: '@me' }, query: { includeSettings: true } });
}

export function useAccount() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.account, queryFn: () => getAccount(api) });
}
