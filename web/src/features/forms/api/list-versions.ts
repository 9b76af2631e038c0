import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/formview/{id}/versions: published versions (newest first) and what the draft would change. */
export function listVersions(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/formview/{id}/versions', { path: { id } });
}

export function useFormVersions(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.forms.versions(id), queryFn: () => listVersions(api, id), enabled });
}
