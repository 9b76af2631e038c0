import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/reports/anonymised/{submissionReportId}: exactly what the receiver was sent (the XML). */
export function useSentMessage(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.message(id),
    queryFn: () =>
      call(api, 'GET', '/v1/reports/anonymised/{submissionReportId}', { path: { submissionReportId: id } }),
    // What was sent never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
