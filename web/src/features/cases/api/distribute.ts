import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/submissions/distribute with an Idempotency-Key: a retry of the same click (a lost
 * answer, a double submit) answers the first submission instead of sending twice.
 */
export function distribute(api: ApiClient, reportId: string, receiverIds: string[], idempotencyKey: string) {
  return call(api, 'POST', '/v1/submissions/distribute', {
    body: { reportId, resources: receiverIds },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useDistribute(reportId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ receiverIds, key }: { receiverIds: string[]; key: string }) =>
      distribute(api, reportId, receiverIds, key),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['cases', 'one', reportId] });
      void client.invalidateQueries({ queryKey: ['cases', 'audit', reportId] });
      void client.invalidateQueries({ queryKey: ['cases', 'list'] });
    },
  });
}
