import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me/mfa-methods: the caller's working second factors. */
export function getMfaMethods(api: ApiClient) {
  return call(api, 'GET', '/v1/users/@me/mfa-methods');
}

export function useMfaMethods() {
  const api = useApi();
  return useQuery(
    queryOptions({ queryKey: queryKeys.security.mfaMethods, queryFn: () => getMfaMethods(api) }),
  );
}
