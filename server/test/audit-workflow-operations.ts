import type { Case, World } from './audit-operations.ts';
import { adrCase } from './case-documents.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/**
 * The audit record of the workflow's paths (issues 24 §4 and 25): follow-up information from
 * the reporter, written by hand from what each does.
 */
export function workflowAuditPaths(w: World): Record<string, Case> {
  const as = (role: 'organisation_admin' | 'organisation_staff' | 'reporter') =>
    signedIn(w.app, w.tenant, role, 0);
  return {
    "a reporter's change to a report already sent": {
      action: 'report.follow_up_received',
      async run(id) {
        const { token } = await as('reporter');
        const document = adrCase();
        const sent = await http<{ id: string }>(w.app.url, 'POST', '/v1/report', {
          token,
          body: { report: document },
        });
        const res = await http(w.app.url, 'PUT', `/v1/report/${sent.body.id}`, {
          token,
          body: { report: { ...document, H: { ...document.H, narrative: 'It came back a week later.' } } },
          headers: { 'x-request-id': id },
        });
        return { res, wrote: ['report_versions', 'report_id', sent.body.id, 'from_reporter', 'true'] };
      },
    },
  };
}
