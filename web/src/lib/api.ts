import { type ApiClient, createApiClient, localStorageStore } from '@vigilo/client';

/**
 * The app's API client: same origin (baseUrl ''), session kept in localStorage so a reload
 * stays signed in, client alerts handed to `onAlert`. The app entry creates the one instance
 * and hands it down through ApiProvider.
 */
export function createAppApiClient(onAlert: (message: string) => void): ApiClient {
  return createApiClient({ baseUrl: '', store: localStorageStore('vigilo.session'), onAlert });
}
