import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/submissions/reports/{id}/manually-processed-reason: why it was handled outside Vigilo. */
export function useSetManuallyProcessed(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (manuallyProcessedReason: string) =>
      call(api, 'PUT', '/v1/submissions/reports/{id}/manually-processed-reason', {
        path: { id },
        body: { manuallyProcessedReason },
      }),
    onSuccess: (report) => client.setQueryData(queryKeys.submissions.report(id), report),
  });
}
