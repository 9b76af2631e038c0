import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ApplicationCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/applications (in `body.organisationId`, else the session's organisation). */
export function createApplication(api: ApiClient, body: ApplicationCreateBody) {
  return call(api, 'POST', '/v1/applications', { body });
}

export function useCreateApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationCreateBody) => createApplication(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.applications }),
  });
}
