import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/submissions/responses: an acknowledgement that names another case's message, kept
 * among the organisation's acknowledgements received, matched by message id or flagged
 * unmatched for staff (decision 0252).
 */
export function useKeepUnmatched() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { ack: string; organisationId?: string }) =>
      call(api, 'POST', '/v1/submissions/responses', { body }),
  });
}
