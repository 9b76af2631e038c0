import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/formview/{id}: the draft an administrator edits, with the published version in full. */
export function getView(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/formview/{id}', { path: { id } });
}

export function useFormView(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.forms.view(id), queryFn: () => getView(api, id) });
}
