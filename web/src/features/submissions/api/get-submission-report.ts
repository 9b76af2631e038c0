import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/submissions/reports/{id}: status, deadline, the receiver's answer, the review. */
export function useSubmissionReport(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.report(id),
    queryFn: () => call(api, 'GET', '/v1/submissions/reports/{id}', { path: { id } }),
  });
}
