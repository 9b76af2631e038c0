import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/config.ts';
import { adrCase } from '../case-documents.ts';
import { http } from '../http.ts';
import { signedIn } from '../sessions.ts';
import type { Fixture, World } from './fixtures.ts';

/** The rows of docs/permissions.csv for E2B(R3) and acknowledgements (issue 14): how to call each. */
const example = (name: string) => readFileSync(join(repoRoot, 'e2b', 'test', 'examples', name), 'utf8');
const orgA = (w: World) => w.tenant.organisationIds[0];

async function made<T>(w: World, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await http<T>(w.app.url, method, path, { token, body });
  if (res.status >= 300)
    throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A report a reporter of organisation A sent. */
async function report(w: World) {
  const { token } = await signedIn(w.app, w.tenant, 'reporter', 0);
  return made<{ id: string }>(w, token, 'POST', '/v1/report', { report: adrCase(), organisationId: orgA(w) });
}

/** An acknowledgement of a report of organisation A, recorded by its administrator. */
async function acknowledgement(w: World) {
  const { id } = await report(w);
  return made<{ id: string; xmlUrl: string }>(w, w.orgAdmin, 'POST', '/v1/acknowledgements', {
    reportId: id,
    ack: example('R3ack-positive.ack'),
    // It names another case's message: recorded against this one by confirming (decision 0252).
    confirm: true,
  });
}

const ofReport: Fixture = async (w) => ({ params: { id: (await report(w)).id } });

export const e2bFixtures: Record<string, Fixture> = {
  'POST /v1/reports/json2xml|a case of your organisation': async (w) => ({
    body: { report: adrCase(), organisationId: orgA(w) },
  }),
  'GET /v1/report/{id}/xml|a report in your organisation': ofReport,
  'PUT /v1/report/{id}/xml|a report in your organisation': async (w) => ({
    ...(await ofReport(w, { column: 'anonymous' })),
    body: { reportXML: example('FAERS2022Scenario1.xml') },
  }),
  'POST /v1/report/load|an E2B file for your organisation': async (w) => {
    const form = new FormData();
    form.append('organisationId', orgA(w));
    form.append(
      'file',
      new Blob([example('FAERS2022Scenario4.xml')], { type: 'application/xml' }),
      'case.xml',
    );
    return { form };
  },
  'GET /v1/report/{id}/xml/validation|a report in your organisation': ofReport,
  'POST /v1/report/{id}/xml/validation|a report in your organisation': async (w) => ({
    ...(await ofReport(w, { column: 'anonymous' })),
    body: { report: adrCase() },
  }),
  'GET /v1/report/{id}/cioms|a report in your organisation': ofReport,
  'POST /v1/acknowledgements|a report in your organisation': async (w) => ({
    body: { reportId: (await report(w)).id, ack: example('R3ack-positive.ack'), confirm: true },
  }),
  'GET /v1/acknowledgements/report/{reportId}|a report in your organisation': async (w) => ({
    params: { reportId: (await report(w)).id },
  }),
  'GET /v1/acknowledgements/{id}|an acknowledgement in your organisation': async (w) => ({
    params: { id: (await acknowledgement(w)).id },
  }),
  'POST /v1/acknowledgements/json2xml|your organisation': async () => ({
    body: { ack: example('R3ack-negative.ack') },
  }),
  'POST /v1/acknowledgements/xml-url|an acknowledgement in your organisation': async (w) => ({
    body: { ids: [(await acknowledgement(w)).id] },
  }),
  'GET /v1/acknowledgements/xml|a signed link': async (w) => ({
    query: Object.fromEntries(new URL((await acknowledgement(w)).xmlUrl).searchParams),
  }),
};
