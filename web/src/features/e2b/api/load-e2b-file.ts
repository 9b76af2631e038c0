import { useMutation } from '@tanstack/react-query';
import type { ApiResult } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { postFilesSignedIn } from '../../../lib/upload-progress.ts';

export type E2bImportResult = ApiResult<'POST', '/v1/report/load'>;

/**
 * POST /v1/report/load: one E2B(R3) file, with upload progress (0..1). An expired session is
 * refreshed once and the file sent again (G-5), as the client does for every call.
 */
export function loadE2bFile(
  api: ApiClient,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<E2bImportResult> {
  return postFilesSignedIn<E2bImportResult>(
    api,
    api.url('/v1/report/load'),
    () => {
      const form = new FormData();
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
  );
}

export function useLoadE2bFile(onProgress: (fraction: number) => void) {
  const api = useApi();
  return useMutation({ mutationFn: (file: File) => loadE2bFile(api, file, onProgress) });
}
