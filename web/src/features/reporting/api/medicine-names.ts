import { call } from '@vigilo/client';
import type { ApiClient } from '../../../lib/api-context.tsx';
import { platformIdOf } from './public-reporting.ts';

/**
 * GET /v1/platforms/{id}/medicine-names (public): names from the product list of the
 * organisation a signed-out report goes to, for the medicine question's suggestions.
 */
export function medicineNames(api: ApiClient, platformId: string | null, organisationId: string) {
  return async (query: string, signal: AbortSignal): Promise<string[]> => {
    const id = await platformIdOf(api, platformId);
    const found = await call(api, 'GET', '/v1/platforms/{id}/medicine-names', {
      path: { id },
      query: { organisationId, query },
      skipRefresh: true,
      signal,
    });
    return found.map((m) => m.name);
  };
}
