import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me: the signed-in user, with platform name and memberships. */
export function getMe(api: ApiClient): Promise<User> {
  return api.getUser('@me');
}

/** Query options for the signed-in user, shared by every screen that needs it. */
export function meQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: queryKeys.me, queryFn: () => getMe(api) });
}

/** The signed-in user, cached; the cache is dropped when the session changes hands. */
export function useMe() {
  const api = useApi();
  return useQuery(meQueryOptions(api));
}
