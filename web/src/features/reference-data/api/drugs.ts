import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { DrugList, DrugListPreview } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postFilesSignedIn } from '../../../lib/upload-progress.ts';

/** 50 products a page (UX.md: "50 or 100 rows a page"). */
export const DRUGS_PAGE_SIZE = 50;
/** A search answers at most this many products (the route's own maximum). */
export const DRUG_SEARCH_LIMIT = 100;

const scoped = (organisationId: string | null) => (organisationId ? { organisationId } : {});

/**
 * The organisation's products: a page by name (`GET /v1/drugs`, no total: a full page means
 * there may be another), or those matching the words (`GET /v1/drugs/search`, at most 100).
 */
export function useDrugs(organisationId: string | null, query: string, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.drugs(organisationId, { query, page }),
    enabled: organisationId !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      query
        ? call(api, 'GET', '/v1/drugs/search', {
            query: { ...scoped(organisationId), query, limit: DRUG_SEARCH_LIMIT },
          })
        : call(api, 'GET', '/v1/drugs', {
            query: { ...scoped(organisationId), page, size: DRUGS_PAGE_SIZE },
          }),
  });
}

/** GET /v1/drugs/lists: the list versions, newest (current) first. */
export function useDrugLists(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.drugLists(organisationId),
    enabled: organisationId !== null,
    queryFn: () => call(api, 'GET', '/v1/drugs/lists', { query: scoped(organisationId) }),
  });
}

/**
 * POST /v1/drugs/upload/list: the CSV (part `file`) and, when given, its meta file (part
 * `meta`, which starts a new version), with upload progress; an expired session is refreshed
 * once and the files sent again (G-5). Answers the list version with what the upload did.
 */
export function uploadDrugList(
  api: ApiClient,
  organisationId: string | null,
  files: { list: File; meta: File | null },
  onProgress: (fraction: number) => void,
): Promise<DrugList> {
  return postList<DrugList>(api, '/v1/drugs/upload/list', organisationId, files, onProgress);
}

/** POST /v1/drugs/upload/list/preview: the same parts; what the upload would do, nothing written. */
export function previewDrugList(
  api: ApiClient,
  organisationId: string | null,
  files: { list: File; meta: File | null },
  onProgress: (fraction: number) => void,
): Promise<DrugListPreview> {
  return postList<DrugListPreview>(api, '/v1/drugs/upload/list/preview', organisationId, files, onProgress);
}

function postList<T>(
  api: ApiClient,
  path: '/v1/drugs/upload/list' | '/v1/drugs/upload/list/preview',
  organisationId: string | null,
  files: { list: File; meta: File | null },
  onProgress: (fraction: number) => void,
): Promise<T> {
  return postFilesSignedIn<T>(
    api,
    api.url(path, organisationId ? { organisationId } : undefined),
    () => {
      const form = new FormData();
      if (files.meta) form.append('meta', files.meta, files.meta.name);
      form.append('file', files.list, files.list.name);
      return form;
    },
    onProgress,
  );
}

export function useUploadDrugList(organisationId: string | null, onProgress: (fraction: number) => void) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: { list: File; meta: File | null }) =>
      uploadDrugList(api, organisationId, files, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.referenceData.drugsOf(organisationId) }),
  });
}

export function usePreviewDrugList(organisationId: string | null, onProgress: (fraction: number) => void) {
  const api = useApi();
  return useMutation({
    mutationFn: (files: { list: File; meta: File | null }) =>
      previewDrugList(api, organisationId, files, onProgress),
  });
}

/** POST /v1/drugs/export-url, then the browser opens the signed link (G-7: no header on a navigation). */
export function useDrugExport(organisationId: string | null) {
  const api = useApi();
  return useMutation({
    mutationFn: () => call(api, 'POST', '/v1/drugs/export-url', { body: scoped(organisationId) }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** One problem of a refused list: its line (1 = the header, 0 = the file as a whole), its column. */
export interface ListLineError {
  line: number;
  column: string | null;
  message: string;
}

/** The line-numbered problems of a refused upload (`meta.lines` of the 400), or none. */
export function listLineErrors(error: unknown): ListLineError[] {
  const meta = (error as { body?: { meta?: { lines?: unknown } } } | null)?.body?.meta;
  if (!Array.isArray(meta?.lines)) return [];
  return meta.lines.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { line, column, message } = entry as Record<string, unknown>;
    return typeof line === 'number' && typeof message === 'string'
      ? [{ line, column: typeof column === 'string' ? column : null, message }]
      : [];
  });
}

/** GET /v1/drugs/{id}: the product an IDAPS page is about. */
export function useDrug(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.drug(id),
    queryFn: () => call(api, 'GET', '/v1/drugs/{id}', { path: { id } }),
  });
}

/** GET /v1/drugs/idaps: one product's reactions by SOC → PT, from the newest published snapshot. */
export function useIdaps(drugId: string, from: string, to: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.idaps(drugId, from, to),
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(api, 'GET', '/v1/drugs/idaps', {
        query: { drugId, ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }),
  });
}
