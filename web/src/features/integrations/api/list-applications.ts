import { useQuery } from '@tanstack/react-query';
import type { Application } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** GET /v1/applications: the applications of the organisation the session works in. */
export function listApplications(api: ApiClient): Promise<Application[]> {
  return api.request<Application[]>('GET', '/v1/applications');
}

export function useApplications() {
  const api = useApi();
  return useQuery({ queryKey: integrationKeys.applications, queryFn: () => listApplications(api) });
}
