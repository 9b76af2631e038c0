import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /v1/submissions/responses: an acknowledgement a receiver sent by another way (e-mail, a
 * gateway's inbox), added by staff; kept and flagged like one a gateway posts (decision 0192).
 */
export function usePostResponse() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ack: string) => call(api, 'POST', '/v1/submissions/responses', { body: { ack } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
