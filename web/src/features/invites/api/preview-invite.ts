import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation-invite?token= (public): what the invitation is for. */
export function previewInvite(api: ApiClient, token: string) {
  return call(api, 'GET', '/v1/organisation-invite', { query: { token }, skipRefresh: true });
}

export function useInvitePreview(token: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.invites.preview(token),
    queryFn: () => previewInvite(api, token ?? ''),
    enabled: Boolean(token),
    retry: false,
  });
}
