import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { E2bProfile } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A profile chosen in the tab, or `default`: the organisation's default receiver, whose
 * profile and identifiers the server picks (decision 0200); no `profile` is sent then.
 */
export type ProfileChoice = E2bProfile | 'default';
const profileQuery = (choice: ProfileChoice) => (choice === 'default' ? {} : { profile: choice });

/** GET /v1/report/{id}/xml/validation: the findings of the three layers for a profile. */
export function validateCase(api: ApiClient, id: string, profile: ProfileChoice) {
  return call(api, 'GET', '/v1/report/{id}/xml/validation', {
    path: { id },
    query: profileQuery(profile),
  });
}

export function useCaseValidation(id: string, profile: ProfileChoice) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.e2b.validation(id, profile),
    queryFn: () => validateCase(api, id, profile),
  });
}

/** GET /v1/report/{id}/xml as text: the message shown in the tab (the same the download saves). */
export function caseXmlText(api: ApiClient, id: string, profile: ProfileChoice) {
  return call(api, 'GET', '/v1/report/{id}/xml', {
    path: { id },
    query: profileQuery(profile),
    responseType: 'text',
  }) as Promise<unknown> as Promise<string>;
}

export function useCaseXml(id: string, profile: ProfileChoice, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.e2b.validation(id, profile), 'xml'],
    queryFn: () => caseXmlText(api, id, profile),
    enabled,
  });
}

/** GET /v1/acknowledgements/report/{reportId}: the case's acknowledgements, newest first. */
export function listAcknowledgements(api: ApiClient, reportId: string) {
  return call(api, 'GET', '/v1/acknowledgements/report/{reportId}', { path: { reportId } });
}

export function useAcknowledgements(reportId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.e2b.acknowledgements(reportId),
    queryFn: () => listAcknowledgements(api, reportId),
  });
}

/**
 * GET /v1/report/{id}/xml or /cioms: the file as bytes, through the client (these downloads
 * need the bearer, unlike the signed acknowledgement links).
 */
export async function downloadCaseFile(
  api: ApiClient,
  id: string,
  kind: 'xml' | 'cioms',
  profile: ProfileChoice,
) {
  const file: unknown =
    kind === 'xml'
      ? await call(api, 'GET', '/v1/report/{id}/xml', {
          path: { id },
          query: profileQuery(profile),
          responseType: 'blob',
        })
      : await call(api, 'GET', '/v1/report/{id}/cioms', { path: { id }, responseType: 'blob' });
  return file as Blob;
}

/** Saves `blob` under `name` through the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
