import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { FormViewCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/formviews: a new draft form, a copy of `templateId` in `languages`. */
export function createView(api: ApiClient, body: FormViewCreateBody) {
  return call(api, 'POST', '/v1/formviews', { body });
}

export function useCreateView() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormViewCreateBody) => createView(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forms.views }),
  });
}
