import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { RoleName } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/users/export: the users in scope as CSV text. */
export function exportUsers(
  api: ApiClient,
  body: { roles?: RoleName[]; organisationId?: string },
): Promise<string> {
  return call(api, 'POST', '/v1/users/export', { body, responseType: 'text' });
}

/** Hands the CSV to the browser as a file download. */
export function saveCsv(csv: string, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportUsers() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { roles?: RoleName[]; organisationId?: string }) => {
      const csv = await exportUsers(api, body);
      saveCsv(csv, `users-${new Date().toISOString().slice(0, 10)}.csv`);
      return csv;
    },
  });
}
