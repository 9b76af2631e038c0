import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/formschema/{id}: the case-document fields the form collects. */
export function getSchema(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/formschema/{id}', { path: { id } });
}

export function useFormSchema(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.forms.schema(id ?? ''),
    queryFn: () => getSchema(api, id ?? ''),
    enabled: Boolean(id),
  });
}
