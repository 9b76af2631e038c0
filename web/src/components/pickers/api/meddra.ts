import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MeddraLevel, MeddraPath, MeddraTerm, MeddraVersion } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** A MedDRA term as the case document codes it (E2B `…a` version, `…b` LLT code). */
export interface MeddraCoding {
  version: string;
  code: string;
}

/** GET /v1/meddras/search: LLTs with their primary path, current first (decision 0111). */
export function searchMeddra(api: ApiClient, query: string, signal: AbortSignal): Promise<MeddraPath[]> {
  return call(api, 'GET', '/v1/meddras/search', { query: { query, limit: 20 }, signal });
}

/** GET /v1/meddras/versions: the releases; `isDefault` is the one searches and browsing use. */
export function useMeddraVersions() {
  const api = useApi();
  return useQuery({
    queryKey: ['meddra', 'versions'] as const,
    queryFn: (): Promise<MeddraVersion[]> => call(api, 'GET', '/v1/meddras/versions'),
    staleTime: 5 * 60_000,
  });
}

/** The parent a browse step opens: a term and its level (a PT and its own LLT share a code). */
export interface MeddraParent {
  level: MeddraLevel;
  code: number;
}

/** GET /v1/meddras: the SOCs, or the terms one level below `parent`, in the default release. */
export function useMeddraChildren(parent: MeddraParent | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['meddra', 'browse', parent?.level ?? null, parent?.code ?? null] as const,
    queryFn: ({ signal }): Promise<MeddraTerm[]> =>
      call(api, 'GET', '/v1/meddras', {
        query: parent ? { parentCode: parent.code, level: parent.level } : {},
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /v1/meddras/lookup: every path of a coded term (primary first) in the release of the
 * coding's version, found through the versions list (the document keeps the version's name).
 */
export function useMeddraLookup(coding: MeddraCoding | undefined) {
  const api = useApi();
  const versions = useMeddraVersions();
  const release = versions.data
    ?.filter((v) => v.status === 'ready' && v.version === coding?.version)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))[0];
  const lookup = useQuery({
    queryKey: ['meddra', 'lookup', release?.id ?? null, coding?.code ?? null] as const,
    queryFn: ({ signal }): Promise<MeddraPath[]> =>
      call(api, 'GET', '/v1/meddras/lookup', {
        query: { code: Number(coding!.code), versionId: release!.id },
        signal,
      }),
    enabled: release !== undefined && coding !== undefined,
    staleTime: 5 * 60_000,
  });
  return {
    paths: lookup.data,
    /** The coding's release is not installed here (its paths cannot be shown). */
    missingRelease: versions.isSuccess && coding !== undefined && release === undefined,
    isPending: coding !== undefined && (versions.isPending || (release !== undefined && lookup.isPending)),
    isError: versions.isError || lookup.isError,
    error: versions.error ?? lookup.error,
  };
}
