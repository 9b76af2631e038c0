import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/config.ts';
import type { Case, World } from './audit-operations.ts';
import { adrCase } from './case-documents.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/** The audit record of each E2B(R3) and acknowledgement operation (issue 14), written by hand. */
const example = (name: string) => readFileSync(join(repoRoot, 'e2b', 'test', 'examples', name), 'utf8');

export function e2bAuditCases(w: World): Record<string, Case> {
  const staff = () => signedIn(w.app, w.tenant, 'organisation_staff', 0);
  const call = <T = unknown>(
    requestId: string,
    method: string,
    path: string,
    opts: { token: string; body?: unknown },
  ) => http<T>(w.app.url, method, path, { ...opts, headers: { 'x-request-id': requestId } });
  const sent = async (token: string) => {
    const res = await http<{ id: string }>(w.app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase() },
    });
    if (res.status !== 201) throw new Error(`POST /v1/report: ${res.status}`);
    return res.body.id;
  };
  return {
    'POST /v1/reports/json2xml': {
      action: null,
      why: 'writes XML text; nothing is stored',
      async run(id) {
        const { token } = await staff();
        return {
          res: await call(id, 'POST', '/v1/reports/json2xml', { token, body: { report: adrCase() } }),
        };
      },
    },
    'PUT /v1/report/{id}/xml': {
      action: 'report.updated_from_xml',
      async run(id) {
        const { token } = await staff();
        const reportId = await sent(token);
        const res = await call(id, 'PUT', `/v1/report/${reportId}/xml`, {
          token,
          body: { reportXML: example('FAERS2022Scenario1.xml') },
        });
        return { res, wrote: ['report_versions', 'report_id', reportId, 'version', '2'] };
      },
    },
    'POST /v1/report/load': {
      action: 'report.imported',
      async run(id) {
        const { token } = await staff();
        const form = new FormData();
        form.append(
          'file',
          new Blob([example('FAERS2022Scenario3.xml')], { type: 'application/xml' }),
          'c.xml',
        );
        const res = await http<{ created: { id: string }[] }>(w.app.url, 'POST', '/v1/report/load', {
          token,
          form,
          headers: { 'x-request-id': id },
        });
        return { res, wrote: ['reports', 'id', res.body.created?.[0]?.id ?? ''] };
      },
    },
    'POST /v1/acknowledgements': {
      action: 'acknowledgement.recorded',
      async run(id) {
        const { token } = await staff();
        const reportId = await sent(token);
        const res = await call<{ id: string }>(id, 'POST', '/v1/acknowledgements', {
          token,
          body: { reportId, ack: example('R3ack-positive.ack'), confirm: true },
        });
        return { res, wrote: ['acknowledgements', 'id', res.body.id] };
      },
    },
    'POST /v1/acknowledgements/json2xml': {
      action: null,
      why: 'writes XML text; nothing is stored',
      async run(id) {
        const { token } = await staff();
        return {
          res: await call(id, 'POST', '/v1/acknowledgements/json2xml', {
            token,
            body: { ack: example('R3ack-positive.ack') },
          }),
        };
      },
    },
    'POST /v1/acknowledgements/xml-url': {
      action: null,
      why: 'signs a URL; nothing changes',
      async run(id) {
        const { token } = await staff();
        const reportId = await sent(token);
        const made = await http<{ id: string }>(w.app.url, 'POST', '/v1/acknowledgements', {
          token,
          body: { reportId, ack: example('R3ack-positive.ack'), confirm: true },
        });
        return {
          res: await call(id, 'POST', '/v1/acknowledgements/xml-url', {
            token,
            body: { ids: [made.body.id] },
          }),
        };
      },
    },
  };
}
