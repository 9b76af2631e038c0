import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/formversion: publish the view's saved draft as its next version. */
export function publishVersion(api: ApiClient, formViewId: string) {
  return call(api, 'POST', '/v1/formversion', { body: { formViewId } });
}

export function usePublishVersion(formViewId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishVersion(api, formViewId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.view(formViewId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.views }),
      ]),
  });
}
