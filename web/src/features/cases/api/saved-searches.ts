import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { caseOrigins, caseStatuses } from '@vigilo/contract/values';
import { useApi } from '../../../lib/api-context.tsx';
import { emptyInboxSearch, type InboxSearch, inboxQuery } from './cases.ts';

const savedKey = ['cases', 'saved-searches'] as const;

/** GET /v1/saved-searches?resource=reports: the caller's own and those shared in the organisation. */
export function useSavedSearches() {
  const api = useApi();
  return useQuery({
    queryKey: savedKey,
    queryFn: () => call(api, 'GET', '/v1/saved-searches', { query: { resource: 'reports' } }),
  });
}

/** POST /v1/saved-searches: the inbox's filters under a name, as the list's query parameters (decision 0105). */
export function useSaveSearch() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; shared: boolean; search: InboxSearch }) =>
      call(api, 'POST', '/v1/saved-searches', {
        body: {
          name: input.name,
          shared: input.shared,
          resource: 'reports',
          filters: inboxQuery(input.search),
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedKey }),
  });
}

/** DELETE /v1/saved-searches/{id} (its owner only). */
export function useDeleteSavedSearch() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'DELETE', '/v1/saved-searches/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedKey }),
  });
}

const isTrue = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A saved search's filters back into the inbox's: the fields the inbox shows are read, the
 * rest is left out (a search saved by another client may hold fields this screen has no
 * control for). No `stage` means every stage, as in the list's query.
 */
export function searchFromFilters(filters: Record<string, unknown>): InboxSearch {
  const status = Array.isArray(filters.status) ? filters.status : [];
  return {
    ...emptyInboxSearch,
    query: typeof filters.query === 'string' ? filters.query : '',
    status: status.filter((s): s is string => caseStatuses.includes(s as never)),
    stage: typeof filters.stage === 'string' ? filters.stage : 'all',
    serious: isTrue(filters.serious),
    overdue: isTrue(filters.overdue),
    attention: Array.isArray(filters.attention) && filters.attention.length > 0,
    mine: filters.assignee === '@me',
    product: text(filters.product),
    reaction: text(filters.reaction),
    origin: (Array.isArray(filters.origin) ? filters.origin : []).filter((o): o is string =>
      caseOrigins.includes(o as never),
    ),
    dateFrom: text(filters.dateFrom),
    dateTo: text(filters.dateTo),
    page: 1,
  };
}
