import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { useApi } from '../../../lib/api-context.tsx';

/**
 * GET /v1/files/organisation/{organisationId}?reportId=: the case's attached files, each with a
 * short-lived signed link (decision 0137).
 */
export function useCaseAttachments(organisationId: string, reportId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['cases', 'attachments', reportId] as const,
    queryFn: () =>
      call(api, 'GET', '/v1/files/organisation/{organisationId}', {
        path: { organisationId },
        query: { reportId },
      }),
    enabled,
    // The links last five minutes: read them again before they run out while the case is open.
    staleTime: 60_000,
    refetchInterval: 240_000,
  });
}

/** The bytes behind a signed link (same origin with local storage; no bearer is sent to it). */
export async function fetchSigned(url: string): Promise<Blob> {
  const answer = await fetch(url, { credentials: 'omit' });
  if (!answer.ok) throw new Error(`The file could not be read (${answer.status})`);
  return answer.blob();
}
