import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type {
  ArrangementItem,
  TerminologyArrangement,
  TerminologyArrangementCreateBody,
  TerminologyEntry,
  TerminologyEntryCreateBody,
  TerminologyEntryPatch,
} from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** 50 entries a page (C-2: the paginated list's own default). */
export const ENTRIES_PAGE_SIZE = 50;

/** PATCH bodies are JSON merge patches (RFC 7396, decision 0110); the client's own header name, so the type replaces application/json rather than joining it. */
const mergePatch = { headers: { 'Content-Type': 'application/merge-patch+json' } };

const scoped = (organisationId: string | null) => (organisationId ? { organisationId } : {});

/**
 * The dictionary names an organisation has: those of its entries (the plain list, at most
 * 500 entries: a dictionary is a name its entries share, decision 0110) and of its
 * arrangements, sorted.
 */
export function useDictionaries(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.dictionaries(organisationId),
    enabled: organisationId !== null,
    queryFn: async () => {
      const [entries, arrangements] = await Promise.all([
        call(api, 'GET', '/v1/terminology-entries', { query: scoped(organisationId) }),
        call(api, 'GET', '/v1/terminology-arrangements', { query: scoped(organisationId) }),
      ]);
      return [...new Set([...entries, ...arrangements].map((row) => row.dictionary))].sort();
    },
  });
}

/** GET /v1/terminology-entries/paginated: one dictionary's entries matching the words, 50 a page. */
export function useEntriesPage(
  organisationId: string | null,
  dictionary: string,
  query: string,
  page: number,
) {
  const api = useApi();
  const search = { dictionary, query, page };
  return useQuery({
    queryKey: queryKeys.referenceData.entries(organisationId, search),
    enabled: organisationId !== null && dictionary !== '',
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(api, 'GET', '/v1/terminology-entries/paginated', {
        query: {
          ...scoped(organisationId),
          dictionary,
          page,
          size: ENTRIES_PAGE_SIZE,
          ...(query ? { query } : {}),
        },
      }),
  });
}

/** GET /v1/terminology-entries/dictionary/{dictionary}: every entry of one dictionary (at most 500). */
export function useDictionaryEntries(organisationId: string | null, dictionary: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.dictionaryEntries(organisationId, dictionary),
    enabled: organisationId !== null && dictionary !== '',
    queryFn: () =>
      call(api, 'GET', '/v1/terminology-entries/dictionary/{dictionary}', {
        path: { dictionary },
        query: scoped(organisationId),
      }),
  });
}

function useInvalidateTerminology(organisationId: string | null) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.referenceData.terminology(organisationId) });
}

export function useCreateEntry(organisationId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateTerminology(organisationId);
  return useMutation({
    mutationFn: (body: TerminologyEntryCreateBody) =>
      call(api, 'POST', '/v1/terminology-entries', { body: { ...body, ...scoped(organisationId) } }),
    onSuccess: invalidate,
  });
}

export function usePatchEntry(organisationId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateTerminology(organisationId);
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TerminologyEntryPatch }) =>
      call(api, 'PATCH', '/v1/terminology-entries/{id}', { path: { id }, body: patch, ...mergePatch }),
    onSuccess: invalidate,
  });
}

export function useDeleteEntry(organisationId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateTerminology(organisationId);
  return useMutation({
    mutationFn: (entry: TerminologyEntry) =>
      call(api, 'DELETE', '/v1/terminology-entries/{id}', { path: { id: entry.id } }),
    onSuccess: invalidate,
  });
}

/** GET /v1/terminology-arrangements?dictionary=: one dictionary's arrangements. */
export function useArrangements(organisationId: string | null, dictionary: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.arrangements(organisationId, dictionary),
    enabled: organisationId !== null && dictionary !== '',
    queryFn: () =>
      call(api, 'GET', '/v1/terminology-arrangements', {
        query: { ...scoped(organisationId), dictionary },
      }),
  });
}

export function useCreateArrangement(organisationId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateTerminology(organisationId);
  return useMutation({
    mutationFn: (body: TerminologyArrangementCreateBody) =>
      call(api, 'POST', '/v1/terminology-arrangements', { body: { ...body, ...scoped(organisationId) } }),
    onSuccess: invalidate,
  });
}

export function useDeleteArrangement(organisationId: string | null) {
  const api = useApi();
  const invalidate = useInvalidateTerminology(organisationId);
  return useMutation({
    mutationFn: (arrangement: TerminologyArrangement) =>
      call(api, 'DELETE', '/v1/terminology-arrangements/{id}', { path: { id: arrangement.id } }),
    onSuccess: invalidate,
  });
}

/** GET /v1/terminology-arrangements/{id}: the arrangement the tree editor works on. */
export function useArrangement(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.referenceData.arrangement(id),
    queryFn: () => call(api, 'GET', '/v1/terminology-arrangements/{id}', { path: { id } }),
  });
}

/** PATCH /v1/terminology-arrangements/{id} with `items`: the array replaces the whole list (RFC 7396). */
export function useSaveArrangementItems(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ArrangementItem[]) =>
      call(api, 'PATCH', '/v1/terminology-arrangements/{id}', {
        path: { id },
        body: { items },
        ...mergePatch,
      }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.referenceData.arrangement(id), saved);
      return client.invalidateQueries({
        queryKey: queryKeys.referenceData.terminology(saved.organisationId),
      });
    },
  });
}

/**
 * The merge patch (RFC 7396) that turns `before` into `after`: only changed members; a
 * translation taken away is `null`, which removes it.
 */
export function entryPatch(
  before: Pick<TerminologyEntry, 'code' | 'term' | 'parentId' | 'reference' | 'translations'>,
  after: Pick<TerminologyEntry, 'code' | 'term' | 'parentId' | 'reference' | 'translations'>,
): TerminologyEntryPatch {
  const patch: TerminologyEntryPatch = {};
  if (after.code !== before.code) patch.code = after.code;
  if (after.term !== before.term) patch.term = after.term;
  if (after.parentId !== before.parentId) patch.parentId = after.parentId;
  if (after.reference !== before.reference) patch.reference = after.reference;
  const translations: Record<string, string | null> = {};
  for (const language of Object.keys(before.translations))
    if (!(language in after.translations)) translations[language] = null;
  for (const [language, term] of Object.entries(after.translations))
    if (before.translations[language] !== term) translations[language] = term;
  if (Object.keys(translations).length > 0) patch.translations = translations;
  return patch;
}
