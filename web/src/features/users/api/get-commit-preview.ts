import { useQuery } from '@tanstack/react-query';
import type { CommitPreview } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/change-requests/{id}/commit-preview: field, old value, new value. */
export function getCommitPreview(api: ApiClient, id: string): Promise<CommitPreview> {
  return api.request<CommitPreview>('GET', `/v1/change-requests/${encodeURIComponent(id)}/commit-preview`);
}

export function useCommitPreview(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['change-requests', 'preview', id], queryFn: () => getCommitPreview(api, id) });
}
