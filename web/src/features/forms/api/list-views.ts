import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/formviews: administrators get every form of their tenant, drafts included. */
export function listViews(api: ApiClient) {
  return call(api, 'GET', '/v1/formviews');
}

export function useFormViews() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.forms.views, queryFn: () => listViews(api) });
}
