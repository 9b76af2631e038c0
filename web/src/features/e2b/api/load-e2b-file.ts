import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, type ApiResult } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { postWithProgress } from '../../../lib/upload-progress.ts';

export type E2bImportResult = ApiResult<'POST', '/v1/report/load'>;

/**
 * POST /v1/report/load: one E2B(R3) file, with upload progress (0..1). An expired session is
 * refreshed once and the file sent again (G-5), as the client does for every call.
 */
export async function loadE2bFile(
  api: ApiClient,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<E2bImportResult> {
  const send = () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return postWithProgress(api.url('/v1/report/load'), api.session.token, form, onProgress);
  };
  let answer = await send();
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  if (answer.status === 403 && (code === 'TOKEN_EXPIRED' || code === 'TOKEN_INVALID')) {
    await api.refresh();
    answer = await send();
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiRequestError(answer.status, answer.body);
  return answer.body as E2bImportResult;
}

export function useLoadE2bFile(onProgress: (fraction: number) => void) {
  const api = useApi();
  return useMutation({ mutationFn: (file: File) => loadE2bFile(api, file, onProgress) });
}
