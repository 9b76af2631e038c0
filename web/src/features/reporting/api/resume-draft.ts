import { call } from '@vigilo/client';
import type { ApiClient } from '../../../lib/api-context.tsx';

/**
 * GET /v1/formview/{id}/latest-report-version: the signed-in reporter's latest report of this
 * form, with its case document; resumed when it is still a draft (on any device).
 */
export async function latestOwnDraft(api: ApiClient, formViewId: string) {
  try {
    const report = await call(api, 'GET', '/v1/formview/{id}/latest-report-version', {
      path: { id: formViewId },
    });
    return report.status === 'draft' ? report : null;
  } catch {
    return null;
  }
}
