import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { FormSchemaUpdateBody, FormViewUpdateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ifMatch } from '../../../lib/stale-write.ts';

/** PUT /v1/formview/{id}, refused with 412 when the draft is no longer at `version`. */
export function updateView(api: ApiClient, id: string, body: FormViewUpdateBody, version: number) {
  return call(api, 'PUT', '/v1/formview/{id}', { path: { id }, body, headers: ifMatch(version) });
}

/** PUT /v1/formschema/{id}, refused with 412 when the schema is no longer at `version`. */
export function updateSchema(api: ApiClient, id: string, body: FormSchemaUpdateBody, version: number) {
  return call(api, 'PUT', '/v1/formschema/{id}', { path: { id }, body, headers: ifMatch(version) });
}

export function useUpdateView(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: FormViewUpdateBody; version: number }) =>
      updateView(api, id, body, version),
    onSuccess: (view) => {
      // The answer has no `published`: keep the one already loaded.
      queryClient.setQueryData(queryKeys.forms.view(id), (old: object | undefined) => ({ ...old, ...view }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.forms.views });
      void queryClient.invalidateQueries({ queryKey: queryKeys.forms.versions(id) });
    },
  });
}

export function useUpdateSchema(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: FormSchemaUpdateBody; version: number }) =>
      updateSchema(api, id, body, version),
    onSuccess: (schema) => {
      queryClient.setQueryData(queryKeys.forms.schema(id), schema);
      // Every view of the schema now has other changes to publish.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'forms' && query.queryKey[3] === 'versions',
      });
    },
  });
}
