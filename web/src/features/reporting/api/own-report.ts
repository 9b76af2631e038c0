import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';

/** GET /v1/users/@me/cases/{id}: one of my reports as I sent it (reference, date, who received it, answers). */
export function useOwnReport(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['my-reports', 'one', id] as const,
    queryFn: () => call(api, 'GET', '/v1/users/@me/cases/{id}', { path: { id } }),
  });
}
