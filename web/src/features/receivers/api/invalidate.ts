import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After a change: this area's list and the organisation page's receiver names. */
export function invalidateReceivers(queryClient: QueryClient, organisationId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.receivers.of(organisationId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.organisations.receivers(organisationId) });
}
