import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ReviewBody } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * PUT /v1/submissions/reports/{id}/review: approve or reject, signed with the password or an
 * authenticator code (decision 0172). A wrong one answers 400 and signs nothing.
 */
export function useSignReview(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      call(api, 'PUT', '/v1/submissions/reports/{id}/review', { path: { id }, body }),
    onSuccess: (report) => {
      client.setQueryData(queryKeys.submissions.report(id), report);
      void client.invalidateQueries({ queryKey: queryKeys.submissions.lists });
    },
  });
}
