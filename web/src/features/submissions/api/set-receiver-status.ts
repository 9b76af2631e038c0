import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ReceiverStatusBody } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/submissions/reports/{id}/receiver-status: staff set it by hand, saying why. */
export function useSetReceiverStatus(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiverStatusBody) =>
      call(api, 'PUT', '/v1/submissions/reports/{id}/receiver-status', { path: { id }, body }),
    onSuccess: (report) => {
      client.setQueryData(queryKeys.submissions.report(id), report);
      void client.invalidateQueries({ queryKey: queryKeys.submissions.history(id) });
      void client.invalidateQueries({ queryKey: queryKeys.submissions.lists });
      void client.invalidateQueries({ queryKey: queryKeys.submissions.summary });
    },
  });
}
