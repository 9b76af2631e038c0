import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/users/@me?includeSettings=true: the signed-in user with preferences. */
export function getAccount(api: ApiClient): Promise<UserDetail> {
  return api.request<UserDetail>('GET', '/v1/users/@me', { query: { includeSettings: true } });
}

export function useAccount() {
  const api = useApi();
  return useQuery({ queryKey: ['account', 'settings'], queryFn: () => getAccount(api) });
}
