import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ReportCase } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { ifMatch } from '../../../lib/stale-write.ts';

/**
 * PUT /v1/report/{id}: the case document as a new version of the case (decision 0103), refused
 * with 412 when someone saved the case since it was read (`If-Match`, decision 0049). The
 * lifecycle status does not move; the case is read again with its versions and history.
 */
export function useSaveCaseDocument(found: Pick<ReportCase, 'id' | 'version' | 'uploadType'>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: Record<string, unknown>) =>
      call(api, 'PUT', '/v1/report/{id}', {
        path: { id: found.id },
        // The case's own upload type: the server's default (`auth`) would overwrite `public` or `e2b`.
        body: { report, uploadType: found.uploadType },
        headers: ifMatch(found.version),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['cases', 'one', found.id] });
      void client.invalidateQueries({ queryKey: ['cases', 'audit', found.id] });
      void client.invalidateQueries({ queryKey: ['cases', 'compare', found.id] });
      void client.invalidateQueries({ queryKey: ['cases', 'list'] });
    },
  });
}
