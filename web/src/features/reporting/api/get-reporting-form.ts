import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/formview/{id}: the form view with its published version in full (what the journey renders). */
export function getReportingForm(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/formview/{id}', { path: { id }, skipRefresh: true });
}

export function useReportingForm(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['reporting', 'form', id], queryFn: () => getReportingForm(api, id) });
}
