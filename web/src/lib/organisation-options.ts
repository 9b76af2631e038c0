import { useQuery } from '@tanstack/react-query';
import { type ApiResult, call } from '@vigilo/client';
import { useApi } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

/** One entry of GET /v1/organisations/lookup: id, name and kind. */
export type OrganisationOption = ApiResult<'GET', '/v1/organisations/lookup'>[number];

/**
 * GET /v1/organisations/lookup: the caller's platform's organisations, for every organisation
 * picker and filter (the organisation scope, the user filters and roles, SSO sign-up). One
 * look-up under one key, so the pickers of one screen share one request.
 */
export function useOrganisationOptions({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.organisations.options,
    queryFn: () => call(api, 'GET', '/v1/organisations/lookup'),
    // Organisations are rarely added; a minute keeps the pickers of a session from refetching.
    staleTime: 60_000,
    enabled,
  });
}
