import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ExportRecord } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { type InboxSearch, inboxQuery } from './cases.ts';

export type ExportFormat = 'xlsx' | 'csv';

/** POST /v1/reports/export: the search (or the chosen cases) as a background export (decision 0104). */
export function useStartExport() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { format: ExportFormat; search: InboxSearch; ids?: readonly string[] }) =>
      call(api, 'POST', '/v1/reports/export', {
        body: {
          format: input.format,
          sort: 'priority',
          ...inboxQuery(input.search),
          ...(input.ids?.length ? { ids: [...input.ids] } : {}),
        },
      }) as Promise<ExportRecord>,
  });
}

const finished = (record: ExportRecord | undefined) =>
  record?.status === 'done' || record?.status === 'failed';

/** GET /v1/exports/{id}, asked again every second until the export is done or has failed. */
export function useExportProgress(id: string | null, interval = 1000) {
  const api = useApi();
  return useQuery({
    queryKey: ['cases', 'export', id] as const,
    queryFn: () => call(api, 'GET', '/v1/exports/{id}', { path: { id: id! } }) as Promise<ExportRecord>,
    enabled: id !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : interval),
  });
}

/**
 * GET /v1/exports/{id}/file as bytes, through the client (the bearer travels in the header,
 * never in an address; decision 0136).
 */
export async function downloadExport(api: ApiClient, id: string): Promise<Blob> {
  const file: unknown = await call(api, 'GET', '/v1/exports/{id}/file', {
    path: { id },
    responseType: 'blob',
  });
  return file as Blob;
}
