import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /v1/submissions/reports/{id}: status, deadline, the receiver's answer, the review. While
 * the message is on its way (approved and queued), it is read again every 2 s, so the page
 * shows it sent without a reload (issue 25 item 12).
 */
export function useSubmissionReport(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.report(id),
    queryFn: () => call(api, 'GET', '/v1/submissions/reports/{id}', { path: { id } }),
    refetchInterval: (query) => (query.state.data?.reasonCode === 'queued' ? 2000 : false),
  });
}
