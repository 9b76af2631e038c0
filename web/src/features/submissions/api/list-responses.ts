import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SubmissionResponseQuery } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/submissions/responses: the receivers' acknowledgements kept, newest first (decision 0192). */
export function useResponses(query: SubmissionResponseQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.responses(query),
    queryFn: () => call(api, 'GET', '/v1/submissions/responses', { query }),
    placeholderData: keepPreviousData,
  });
}
