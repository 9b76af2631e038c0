import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, ApplicationCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** POST /v1/applications (in `body.organisationId`, else the session's organisation). */
export function createApplication(api: ApiClient, body: ApplicationCreateBody): Promise<Application> {
  return api.request<Application>('POST', '/v1/applications', { body });
}

export function useCreateApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationCreateBody) => createApplication(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.applications }),
  });
}
