import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /v1/submissions/reports/{id}/resend (decision 0327): a FAILED message sent again, the
 * same message. `idempotencyKey` is one per confirmation: a retry of it never queues two.
 */
export function useResendSubmissionReport(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      call(api, 'POST', '/v1/submissions/reports/{id}/resend', {
        path: { id },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (report) => {
      client.setQueryData(queryKeys.submissions.report(id), report);
      void client.invalidateQueries({ queryKey: queryKeys.submissions.history(id) });
      void client.invalidateQueries({ queryKey: queryKeys.submissions.lists });
      void client.invalidateQueries({ queryKey: queryKeys.submissions.summary });
    },
  });
}
