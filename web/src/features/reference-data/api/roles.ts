import { useQuery } from '@tanstack/react-query';
import type { RoleName } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { sessionRoles } from '../../../lib/roles.ts';

/**
 * Whether the signed-in user holds one of `roles` in this session (the one cached `@me`
 * record the shell reads too). Only hides what the server would refuse; it decides.
 */
export function useHasRole(roles: readonly RoleName[]): boolean {
  const api = useApi();
  const me = useQuery({ queryKey: queryKeys.me, queryFn: () => api.getUser('@me') });
  return me.data ? sessionRoles(me.data).some((role) => roles.includes(role)) : false;
}
