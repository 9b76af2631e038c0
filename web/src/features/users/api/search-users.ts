import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ChangeRequestStatus, RoleName } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The filters of the users search, as the screen (and its address) holds them. */
export type UserSearch = {
  query: string;
  organisationIds: string[];
  roleIds: RoleName[];
  changeRequestStatuses: ChangeRequestStatus[];
  accountTypes: string[];
  includeDeactivated: boolean;
  includeOnlyDeletionRequests: boolean;
  page: number;
};

export const USERS_PAGE_SIZE = 50;

/** GET /v1/users: a page of the users the administrator manages. */
export function searchUsers(api: ApiClient, search: UserSearch) {
  return call(api, 'GET', '/v1/users', {
    query: {
      query: search.query.trim() || undefined,
      organisationIds: search.organisationIds,
      roleIds: search.roleIds,
      changeRequestStatuses: search.changeRequestStatuses,
      accountTypes: search.accountTypes,
      includeDeactivated: search.includeDeactivated || undefined,
      includeOnlyDeletionRequests: search.includeOnlyDeletionRequests || undefined,
      page: search.page,
      size: USERS_PAGE_SIZE,
    },
  });
}

/** The page for these filters; the previous page stays shown while the next one loads. */
export function useUsers(search: UserSearch) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.users.search(search),
    queryFn: () => searchUsers(api, search),
    placeholderData: keepPreviousData,
  });
}
