import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { EdqmClass, EdqmTerm } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** An EDQM term as the case document codes it (G.k.4.r.9.2, G.k.4.r.10.2: `…b` code, `…a` version). */
export interface EdqmCoding {
  code: string;
  version?: string;
}

/** GET /v1/edqm: dose forms or routes whose words the typed words start, current first (decision 0145). */
export function searchEdqm(
  api: ApiClient,
  edqmClass: EdqmClass,
  query: string,
  signal: AbortSignal,
): Promise<EdqmTerm[]> {
  return call(api, 'GET', '/v1/edqm', { query: { query, class: edqmClass, limit: 20 }, signal });
}

/** GET /v1/edqm/lookup: the stored code's term (undefined when the installation does not have it). */
export function useEdqmTerm(code: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['pickers', 'edqm', code ?? null] as const,
    queryFn: async ({ signal }) =>
      (await call(api, 'GET', '/v1/edqm/lookup', { query: { code: code! }, signal }))[0] ?? null,
    enabled: code !== undefined,
    staleTime: 5 * 60_000,
  });
}
