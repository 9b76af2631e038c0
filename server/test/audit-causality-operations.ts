import type { Case, World } from './audit-operations.ts';
import { http } from './http.ts';
import { sendAdrCase } from './sent-cases.ts';
import { signedIn } from './sessions.ts';

/** The audit record of each causality operation (decision 0270), written by hand. */
export function causalityAuditCases(w: World): Record<string, Case> {
  const as = (role: 'assessor' | 'reporter') => signedIn(w.app, w.tenant, role, 0);
  /** A case a reporter sent, and the body of a WHO-UMC assessment of its suspect drug × reaction. */
  const sent = async () => {
    const c = await sendAdrCase(w.app, (await as('reporter')).token);
    const body = {
      drugId: c.drugId,
      reactionId: c.reactionId,
      source: 'reporter',
      method: 'who-umc',
      whoUmc: 'possible',
    };
    return { id: c.id, body };
  };
  return {
    'POST /v1/reports/{id}/causality': {
      action: 'report.causality_recorded',
      async run(requestId) {
        const { token } = await as('assessor');
        const c = await sent();
        const res = await http<{ id: string }>(w.app.url, 'POST', `/v1/reports/${c.id}/causality`, {
          token,
          body: c.body,
          headers: { 'x-request-id': requestId },
        });
        return { res, wrote: ['causality_assessments', 'id', res.body.id] };
      },
    },
    'POST /v1/reports/{id}/causality/{assessmentId}/withdraw': {
      action: 'report.causality_withdrawn',
      async run(requestId) {
        const { token } = await as('assessor');
        const c = await sent();
        const made = await http<{ id: string }>(w.app.url, 'POST', `/v1/reports/${c.id}/causality`, {
          token,
          body: c.body,
        });
        const res = await http(w.app.url, 'POST', `/v1/reports/${c.id}/causality/${made.body.id}/withdraw`, {
          token,
          body: { reason: 'Recorded on the wrong drug' },
          headers: { 'x-request-id': requestId },
        });
        return { res, wrote: ['report_versions', 'report_id', c.id, 'version', '3'] };
      },
    },
  };
}
