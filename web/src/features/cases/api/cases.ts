import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { BulkCaseResult, CaseOrigin, CaseStatus } from '@vigilo/contract';
import { caseAttentions } from '@vigilo/contract/values';
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
  /** Only cases asking for attention: new information from the reporter, a rejection (decisions 0250, 0252). */
  attention: boolean;
  mine: boolean;
  /** Words of a suspect product, of a reaction (decision 0285). */
  product: string;
  reaction: string;
  /** Where the cases came from: public, professional, import, api. */
  origin: readonly string[];
  /** Receipt dates, YYYY-MM-DD. */
  dateFrom: string;
  dateTo: string;
  page: number;
}

export const emptyInboxSearch: InboxSearch = {
  query: '',
  status: [],
  stage: 'open',
  serious: false,
  overdue: false,
  attention: false,
  mine: false,
  product: '',
  reaction: '',
  origin: [],
  dateFrom: '',
  dateTo: '',
  page: 1,
};

const keys = {
  all: ['cases'] as const,
  list: (search: InboxSearch) => ['cases', 'list', search] as const,
  one: (id: string) => ['cases', 'one', id] as const,
  audit: (id: string) => ['cases', 'audit', id] as const,
};

/** A day as the list takes it (YYYY-MM-DD, a real date); an address may hold anything. */
export const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

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
    ...(search.attention ? { attention: [...caseAttentions] } : {}),
    ...(search.mine ? { assignee: '@me' } : {}),
    ...(search.product ? { product: search.product } : {}),
    ...(search.reaction ? { reaction: search.reaction } : {}),
    ...(search.origin.length ? { origin: [...search.origin] as CaseOrigin[] } : {}),
    ...(isDay(search.dateFrom) ? { dateFrom: search.dateFrom } : {}),
    ...(isDay(search.dateTo) ? { dateTo: search.dateTo } : {}),
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
    // Read again each time the case is opened: events move it in the background (a delivery, an
    // acknowledgement, new information), and the inbox showing "Rejected" above a case view still
    // "Ready to submit" from a minute ago misleads (decision 0312).
    staleTime: 0,
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
 * POST /v1/reports/bulk/assign: the chosen cases to `userId`, or to the caller. Each case
 * answers for itself (decision 0286): one refused case does not undo the others.
 */
export function useBulkAssign() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: readonly string[]; userId?: string }) =>
      call(api, 'POST', '/v1/reports/bulk/assign', {
        body: { ids: [...input.ids], ...(input.userId ? { userId: input.userId } : {}) },
      }) as Promise<BulkCaseResult>,
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST /v1/reports/bulk/status: each chosen case to `status`, refusals named per case (decision 0286). */
export function useBulkMove() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: readonly string[]; status: CaseStatus; reason?: string }) =>
      call(api, 'POST', '/v1/reports/bulk/status', {
        body: {
          ids: [...input.ids],
          status: input.status,
          ...(input.reason ? { reason: input.reason } : {}),
        },
      }) as Promise<BulkCaseResult>,
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
