import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/submissions/preview: each receiver of the case's organisation and the validation of its message. */
export function previewSubmission(api: ApiClient, reportId: string) {
  return call(api, 'POST', '/v1/submissions/preview', { body: { reportId } });
}

/** Asked each time the dialog opens (`enabled`): the case may have changed since. */
export function useSubmissionPreview(reportId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['cases', 'submission-preview', reportId] as const,
    queryFn: () => previewSubmission(api, reportId),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
