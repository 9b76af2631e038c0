import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SubmissionListQuery } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/submissions/reports: overdue first, then due soon, then the newest. */
export function useSubmissionReports(query: SubmissionListQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.list(query),
    queryFn: () => call(api, 'GET', '/v1/submissions/reports', { query }),
    placeholderData: keepPreviousData,
  });
}
