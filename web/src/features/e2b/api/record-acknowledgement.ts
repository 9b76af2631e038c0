import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { AcknowledgementBody } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /v1/acknowledgements with the ICH XML (`ack`): one received or sent outside Vigilo
 * (by e-mail, through a regulator's portal). The server checks it against the ICH XSD.
 */
export function useRecordAcknowledgement(reportId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<AcknowledgementBody, 'ack' | 'status' | 'confirm'>) =>
      call(api, 'POST', '/v1/acknowledgements', { body: { reportId, ...body } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.e2b.acknowledgements(reportId) });
      // The submission's status and the case may have moved (decision 0252).
      void client.invalidateQueries({ queryKey: ['cases'] });
      void client.invalidateQueries({ queryKey: queryKeys.submissions.all });
    },
  });
}
