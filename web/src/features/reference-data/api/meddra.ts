import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MeddraVersion } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postFilesSignedIn } from '../../../lib/upload-progress.ts';

/** How often the versions list is read again while a release is queued or importing. */
export const MEDDRA_POLL_MS = 1500;

const working = (v: MeddraVersion) => v.status === 'queued' || v.status === 'importing';

/**
 * GET /v1/meddras/versions, newest first. While a release is queued or importing the list is
 * read again every 1.5 s, so its progress bar moves and its status turns to ready (or failed).
 */
export function useMeddraVersions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.meddraVersions,
    queryFn: () => call(api, 'GET', '/v1/meddras/versions'),
    refetchInterval: (query) => (query.state.data?.some(working) ? MEDDRA_POLL_MS : false),
  });
}

/**
 * POST /v1/meddras/versions: the distribution's zip, or its `.asc` files, as multipart parts,
 * sent with XMLHttpRequest for the upload bar. A session that expired is refreshed once and
 * the files sent again (G-5), as the client does for every call. Answers the queued version.
 */
export function uploadMeddraRelease(
  api: ApiClient,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<MeddraVersion> {
  return postFilesSignedIn<MeddraVersion>(
    api,
    api.url('/v1/meddras/versions'),
    () => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      return form;
    },
    onProgress,
  );
}

export function useUploadMeddraRelease(onProgress: (fraction: number) => void) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadMeddraRelease(api, files, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.referenceData.meddraVersions }),
  });
}

/** One problem of a refused release: the file, its 1-based line (0: the file as a whole), the server's words. */
export interface ReleaseLineError {
  file: string;
  line: number;
  message: string;
}

/** The line-numbered problems of a refused release (`meta.lines` of the 400), or none. */
export function releaseLineErrors(error: unknown): ReleaseLineError[] {
  const meta = (error as { body?: { meta?: { lines?: unknown } } } | null)?.body?.meta;
  if (!Array.isArray(meta?.lines)) return [];
  return meta.lines.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { file, line, message } = entry as Record<string, unknown>;
    return typeof file === 'string' && typeof line === 'number' && typeof message === 'string'
      ? [{ file, line, message }]
      : [];
  });
}
