import { call } from '@vigilo/client';
import type { ApiClient } from '../../../lib/api-context.tsx';

/**
 * The signed-in reporter's draft of this form, resumed on any device: the one My reports
 * names (`draftId`, GET /v1/reports/{id}: a reporter reads their own), or else their latest
 * report of this form (GET /v1/formview/{id}/latest-report-version) while it is a draft.
 * Anything else (sent since, another form, not theirs) resumes nothing.
 */
export async function ownDraft(api: ApiClient, formViewId: string, draftId: string | null) {
  try {
    const report = draftId
      ? await call(api, 'GET', '/v1/reports/{id}', { path: { id: draftId } })
      : await call(api, 'GET', '/v1/formview/{id}/latest-report-version', { path: { id: formViewId } });
    return report.status === 'draft' && report.formViewId === formViewId ? report : null;
  } catch {
    return null;
  }
}
