import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { platformIdOf } from './public-reporting.ts';

/**
 * The forms a reporter can fill in: signed out, the public forms of the platform served on
 * this host (GET /v1/platforms/domain/{domain}, then GET /v1/formviews?platformId=); signed
 * in, every published form of the reporter's tenant. Unpublished drafts are left out.
 */
export async function listReportingForms(api: ApiClient, signedIn: boolean, platformId: string | null) {
  if (signedIn) {
    const views = await call(api, 'GET', '/v1/formviews');
    return views.filter((v) => v.publishedVersionId !== null);
  }
  const id = await platformIdOf(api, platformId);
  return call(api, 'GET', '/v1/formviews', { query: { platformId: id }, skipRefresh: true });
}

export function useReportingForms(signedIn: boolean, platformId: string | null) {
  const api = useApi();
  const host = typeof window === 'undefined' ? 'localhost' : window.location.hostname;
  return useQuery({
    queryKey: ['reporting', 'forms', signedIn, host, platformId],
    queryFn: () => listReportingForms(api, signedIn, platformId),
  });
}
