import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/submissions/reports/{id}/history: the receiver statuses it took, oldest first (decision 0180). */
export function useStatusHistory(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.history(id),
    queryFn: () => call(api, 'GET', '/v1/submissions/reports/{id}/history', { path: { id } }),
  });
}
