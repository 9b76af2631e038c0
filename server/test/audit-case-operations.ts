import type { Case, World } from './audit-operations.ts';
import { adrCase } from './case-documents.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/**
 * The audit record of the case-processing operations (the sender profile, the message case,
 * the worklist's bulk bar), written by hand from what each does.
 */
export function caseProcessingAuditCases(w: World): {
  operations: Record<string, Case>;
  paths: Record<string, Case>;
} {
  const as = (role: 'organisation_admin' | 'organisation_staff' | 'reporter') =>
    signedIn(w.app, w.tenant, role, 0);
  const org = () => w.tenant.organisationIds[0]!;
  const call = (
    requestId: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    token: string,
    body?: unknown,
  ) =>
    http<unknown>(w.app.url, method, path, {
      token,
      ...(body === undefined ? {} : { body }),
      headers: { 'x-request-id': requestId },
    });
  /** A report a reporter of organisation A sent. */
  const sent = async () => {
    const { token } = await as('reporter');
    return (
      await http<{ id: string }>(w.app.url, 'POST', '/v1/report', { token, body: { report: adrCase() } })
    ).body.id;
  };
  const operations: Record<string, Case> = {
    'PUT /v1/organisation/{id}/sender-profile': {
      action: 'organisation.sender_profile_updated',
      async run(id) {
        const { token } = await as('organisation_admin');
        const res = await call(id, 'PUT', `/v1/organisation/${org()}/sender-profile`, token, {
          identifier: 'NPCAUDIT',
          type: '2',
          organisation: 'National Pharmacovigilance Centre',
          country: 'GB',
        });
        return { res, wrote: ['sender_profiles', 'organisation_id', org()] };
      },
    },
    'POST /v1/report/{id}/xml/validation': {
      action: null,
      why: 'checks an unsaved case document; nothing is stored',
      async run(id) {
        const { token } = await as('organisation_staff');
        const res = await call(id, 'POST', `/v1/report/${await sent()}/xml/validation`, token, {
          report: adrCase(),
        });
        return { res };
      },
    },
    'POST /v1/reports/bulk/status': {
      action: 'report.status_changed',
      async run(id) {
        const { token } = await as('organisation_staff');
        const report = await sent();
        const res = await call(id, 'POST', '/v1/reports/bulk/status', token, {
          ids: [report],
          status: 'in_triage',
        });
        return { res, wrote: ['reports', 'id', report, 'status', 'in_triage'] };
      },
    },
    'POST /v1/reports/bulk/assign': {
      action: 'report.assigned',
      async run(id) {
        const { token, user } = await as('organisation_staff');
        const report = await sent();
        const res = await call(id, 'POST', '/v1/reports/bulk/assign', token, { ids: [report] });
        return { res, wrote: ['reports', 'id', report, 'assignee_user_id', user.id] };
      },
    },
  };
  const paths: Record<string, Case> = {
    "a case's first message (its C.1.1 is kept from then on)": {
      action: 'report.case_id_assigned',
      async run(id) {
        const { token } = await as('organisation_staff');
        const report = await sent();
        const res = await call(id, 'GET', `/v1/report/${report}/xml`, token);
        return { res, wrote: ['report_case_ids', 'report_id', report] };
      },
    },
  };
  return { operations, paths };
}
