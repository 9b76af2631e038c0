import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { LocationInput } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/organisation/{id}/locations: one location entered by hand (provider `manual`). */
export function addLocation(api: ApiClient, id: string, location: LocationInput) {
  return call(api, 'POST', '/v1/organisation/{id}/locations', {
    path: { id },
    body: { locations: [location], locationProvider: 'manual' },
  });
}

export function useAddLocation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: LocationInput) => addLocation(api, id, location),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisations.locations(id) }),
  });
}
