import { call } from '@vigilo/client';
import type { ApiClient } from '../../../lib/api-context.tsx';

export interface DraftTarget {
  formViewVersionId: string;
  organisationId?: string;
}

/**
 * Saves a signed-in reporter's answers as a server draft: POST /v1/report with status
 * "draft" the first time, PUT /v1/report/{id} after (resumable on another device).
 */
export function saveDraft(
  api: ApiClient,
  draftId: string | null,
  target: DraftTarget,
  report: Record<string, unknown>,
) {
  const body = { ...target, report, status: 'draft' as const, uploadType: 'auth' };
  return draftId
    ? call(api, 'PUT', '/v1/report/{id}', { path: { id: draftId }, body })
    : call(api, 'POST', '/v1/report', { body });
}
