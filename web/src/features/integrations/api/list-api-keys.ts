import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** GET /v1/api-keys, submission-service keys included (the page shows every key). */
export function listApiKeys(api: ApiClient): Promise<ApiKey[]> {
  return api.request<ApiKey[]>('GET', '/v1/api-keys', { query: { includeSubmissionServiceUsers: true } });
}

export function useApiKeys() {
  const api = useApi();
  return useQuery({ queryKey: integrationKeys.apiKeys, queryFn: () => listApiKeys(api) });
}
