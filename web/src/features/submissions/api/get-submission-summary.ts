import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/@me/submission-report-summary: counts by status, overdue and due soon. */
export function useSubmissionSummary() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.summary,
    queryFn: () => call(api, 'GET', '/v1/users/@me/submission-report-summary'),
  });
}
