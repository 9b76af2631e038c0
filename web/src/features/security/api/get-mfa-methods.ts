import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaMethod } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

export const mfaMethodsKey = ['users', '@me', 'mfa-methods'] as const;

/** GET /v1/users/@me/mfa-methods: the caller's working second factors. */
export function getMfaMethods(api: ApiClient): Promise<MfaMethod[]> {
  return api.request<MfaMethod[]>('GET', '/v1/users/@me/mfa-methods');
}

export function useMfaMethods() {
  const api = useApi();
  return useQuery(queryOptions({ queryKey: mfaMethodsKey, queryFn: () => getMfaMethods(api) }));
}
