import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/receivers: the receivers of the caller's organisations, for the dashboard's filter. */
export function useReceivers() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.submissions.receivers,
    queryFn: () => call(api, 'GET', '/v1/receivers'),
  });
}
