import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/applications/default: new keys go to this application when none is named. */
export function setDefaultApplication(api: ApiClient, id: string) {
  return call(api, 'POST', '/v1/applications/default', { body: { id } });
}

export function useSetDefaultApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => setDefaultApplication(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.applications }),
  });
}
