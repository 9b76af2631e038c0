import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/change-requests/{id}/commit-preview: field, old value, new value. */
export function getCommitPreview(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/change-requests/{id}/commit-preview', { path: { id } });
}

export function useCommitPreview(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.changeRequests.preview(id),
    queryFn: () => getCommitPreview(api, id),
  });
}
