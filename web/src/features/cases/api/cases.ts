import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { CaseStatus } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** 50 rows a page (UX.md: "50 or 100 rows a page"). */
export const INBOX_PAGE_SIZE = 50;

/** The inbox's filters as the address keeps them (web/src/lib/use-url-filters.ts). */
export interface InboxSearch extends Record<string, string | readonly string[] | boolean | number> {
  query: string;
  status: readonly string[];
  stage: string;
  serious: boolean;
  overdue: boolean;
  mine: boolean;
  page: number;
}

export const emptyInboxSearch: InboxSearch = {
  query: '',
  status: [],
  stage: 'open',
  serious: false,
  overdue: false,
  mine: false,
  page: 1,
};

const keys = {
  all: ['cases'] as const,
  list: (search: InboxSearch) => ['cases', 'list', search] as const,
  one: (id: string) => ['cases', 'one', id] as const,
  audit: (id: string) => ['cases', 'audit', id] as const,
};

/**
 * The inbox's filters as the list's query parameters (less paging and order): what
 * GET /v1/reports, POST /v1/reports/export and a saved search take.
 */
export function inboxQuery(search: InboxSearch) {
  return {
    ...(search.query ? { query: search.query } : {}),
    ...(search.status.length ? { status: [...search.status] as CaseStatus[] } : {}),
    ...(search.stage && search.stage !== 'all' ? { stage: search.stage as 'open' } : {}),
    ...(search.serious ? { serious: true } : {}),
    ...(search.overdue ? { overdue: true } : {}),
    ...(search.mine ? { assignee: '@me' } : {}),
  };
}

/** GET /v1/reports: open work first (the server's `priority` order: overdue, serious, oldest). */
export function searchCases(api: ApiClient, search: InboxSearch) {
  return call(api, 'GET', '/v1/reports', {
    query: { page: search.page, size: INBOX_PAGE_SIZE, sort: 'priority', ...inboxQuery(search) },
  });
}

export function useCases(search: InboxSearch) {
  const api = useApi();
  return useQuery({
    queryKey: keys.list(search),
    queryFn: () => searchCases(api, search),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/reports/{id}: the case with its criteria, clock and the steps the caller may take. */
export function useCaseView(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => call(api, 'GET', '/v1/reports/{id}', { path: { id } }),
  });
}

/** GET /v1/reports/{id}/audit: the case's history, newest first. */
export function useCaseAudit(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.audit(id),
    queryFn: () => call(api, 'GET', '/v1/reports/{id}/audit', { path: { id } }),
  });
}

/** PUT /v1/reports/{id}/status (409 INVALID_TRANSITION in words when someone moved it first). */
export function useChangeStatus(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: CaseStatus; reason?: string }) =>
      call(api, 'PUT', '/v1/reports/{id}/status', { path: { id }, body }),
    onSuccess: (found) => {
      client.setQueryData(keys.one(id), found);
      void client.invalidateQueries({ queryKey: keys.audit(id) });
      void client.invalidateQueries({ queryKey: ['cases', 'list'] });
    },
  });
}

/** POST /v1/report/{id}/assign with no body: the case to the caller. */
export function useAssignToMe(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api, 'POST', '/v1/report/{id}/assign', { path: { id }, body: {} }),
    onSuccess: (found) => {
      client.setQueryData(keys.one(id), found);
      void client.invalidateQueries({ queryKey: keys.audit(id) });
      void client.invalidateQueries({ queryKey: ['cases', 'list'] });
    },
  });
}

/** GET /v1/reports/{id}/versions/compare: every field that differs between two versions. */
export function useCaseComparison(id: string, from: number, to: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['cases', 'compare', id, from, to] as const,
    queryFn: () =>
      call(api, 'GET', '/v1/reports/{id}/versions/compare', { path: { id }, query: { from, to } }),
    enabled,
  });
}

/**
 * POST /v1/report/{id}/assign for each chosen case, one after the other (to `userId`, or to the
 * caller): each case answers for itself, so one refused case does not undo the others.
 */
export function useBulkAssign() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: readonly string[]; userId?: string }) => {
      const failed: { id: string; error: unknown }[] = [];
      let assigned = 0;
      for (const id of input.ids) {
        try {
          await call(api, 'POST', '/v1/report/{id}/assign', {
            path: { id },
            body: input.userId ? { userId: input.userId } : {},
          });
          assigned += 1;
        } catch (error) {
          failed.push({ id, error });
        }
      }
      return { assigned, failed };
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/**
 * GET /v1/users: the organisation's caseworkers, for "Assign to…" (the users list is
 * administrators' only, so only they are offered it).
 */
export function useCaseworkers(organisationId: string | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['cases', 'caseworkers', organisationId] as const,
    queryFn: () =>
      call(api, 'GET', '/v1/users', {
        query: {
          page: 1,
          size: 100,
          organisationIds: organisationId ? [organisationId] : [],
          roleIds: ['organisation_staff', 'organisation_admin', 'assessor'],
        },
      }),
    enabled: enabled && organisationId !== null,
  });
}
