import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';

export type MyReportsMode = 'all' | 'draft' | 'sent';

const keys = {
  all: ['my-reports'] as const,
  list: (mode: MyReportsMode) => ['my-reports', mode] as const,
};

/** GET /v1/users/@me/cases: the caller's own reports, newest change first (at most 200). */
export function useMyReports(mode: MyReportsMode) {
  const api = useApi();
  return useQuery({
    queryKey: keys.list(mode),
    queryFn: () => call(api, 'GET', '/v1/users/@me/cases', { query: { mode } }),
  });
}

/** DELETE /v1/report/draft/{id}: removes one of the caller's drafts. */
export function useDeleteDraft() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'DELETE', '/v1/report/draft/{id}', { path: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}
