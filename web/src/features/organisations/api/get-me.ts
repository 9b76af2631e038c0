import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context.tsx';
import { meQueryOptions } from '../../profile/api/get-me.ts';

/** The caller's memberships (what they may edit), read from the one cached GET /v1/users/@me. */
export function useMyMemberships() {
  const api = useApi();
  return useQuery({ ...meQueryOptions(api), select: (user) => user.memberships });
}
