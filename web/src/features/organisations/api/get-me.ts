import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context.tsx';

/**
 * GET /v1/users/@me, for the caller's memberships (what they may edit). Same query key as
 * the profile's, so the answer is shared from the cache.
 */
export function useMyMemberships() {
  const api = useApi();
  return useQuery({
    queryKey: ['users', '@me'],
    queryFn: () => api.getUser('@me'),
    select: (user) => user.memberships,
  });
}
