import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERIOUSNESS_CRITERIA } from '@vigilo/contract/seriousness';
import { repoRoot } from '../server/src/config.ts';

/**
 * Setting up submissions through the API for the journeys (issue 15): a case imported from
 * FDA's scenario 1 and moved to "ready to submit", a receiver, and its distribution. The
 * screens under test start from there.
 */

const faers = readFileSync(join(repoRoot, 'e2b', 'test', 'examples', 'FAERS2022Scenario1.xml'), 'utf8');

export async function apiToken(
  baseUrl: string,
  email: string,
  password: string,
  door = '/v1/login',
): Promise<string> {
  const login = await fetch(`${baseUrl}${door}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`${door}: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

export async function api<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The organisation the signed-in user works for. */
export async function organisationOf(baseUrl: string, token: string): Promise<string> {
  return (await api<{ organisationId: string }>(baseUrl, token, 'GET', '/v1/users/@me')).organisationId;
}

/** POST /v1/report: `report` (a case document) sent to the user's organisation, as a partner's system would. */
export async function sendReport(baseUrl: string, token: string, report: object) {
  const organisationId = await organisationOf(baseUrl, token);
  const sent = await fetch(`${baseUrl}/v1/report`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ organisationId, report }),
  });
  if (sent.status !== 201) throw new Error(`POST /v1/report: ${sent.status} ${await sent.text()}`);
  return (await sent.json()) as { id: string; reference: string };
}

/** FDA scenario 1 imported by an administrator and moved to ready_to_submit; answers its id and reference. */
export async function readyCase(baseUrl: string, adminToken: string) {
  const form = new FormData();
  form.append('file', new Blob([faers], { type: 'application/xml' }), 'case.xml');
  const load = await fetch(`${baseUrl}/v1/report/load`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  if (load.status !== 201) throw new Error(`load: ${load.status} ${await load.text()}`);
  const { id, reference } = ((await load.json()) as { created: { id: string; reference: string }[] })
    .created[0]!;
  await api(baseUrl, adminToken, 'PUT', `/v1/report/${id}/assign/user/@me`);
  for (const status of ['coded', 'verified', 'ready_to_submit'])
    await api(baseUrl, adminToken, 'PUT', `/v1/reports/${id}/status`, { status });
  return { id, reference };
}

/** A receiver of the administrator's organisation; `transport` as POST /v1/organisation/{id}/receivers takes it. */
export async function addReceiver(baseUrl: string, adminToken: string, name: string, transport: object) {
  const organisationId = await organisationOf(baseUrl, adminToken);
  return api<{ id: string }>(baseUrl, adminToken, 'POST', `/v1/organisation/${organisationId}/receivers`, {
    name,
    transport,
  });
}

/** POST /v1/submissions/distribute: answers the new submission report of each receiver. */
export async function distribute(baseUrl: string, token: string, reportId: string, receiverIds: string[]) {
  const [submission] = await api<{ reports: { id: string; receiverId: string }[] }[]>(
    baseUrl,
    token,
    'POST',
    '/v1/submissions/distribute',
    { reportId, resources: receiverIds },
  );
  return submission!.reports;
}

/** Waits until a submission report has left NOT_SENT (the worker delivered it), up to `ms`. */
export async function delivered(baseUrl: string, token: string, id: string, ms = 20_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const report = await api<{ status: string }>(baseUrl, token, 'GET', `/v1/submissions/reports/${id}`);
    if (report.status !== 'NOT_SENT') return report.status;
    if (Date.now() > until) throw new Error(`${id} still NOT_SENT after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Doc = Record<
  string,
  Record<string, unknown> & { reactions?: Record<string, unknown>[]; drugs?: Record<string, unknown>[] }
>;

/**
 * A case sent through the public form (`id`) taken to "ready to submit" through the API, as
 * staff and an assessor would in the web app (case-loop.e2e.ts walks those screens): triaged,
 * taken by staff, completed in one save as the case form's findings ask (patient initials, birth
 * date and history, the reaction's MedDRA term of the synthetic release and its seriousness,
 * the drug's role, the narrative), which codes it, verified by the assessor, then marked ready.
 */
export async function readyThroughApi(baseUrl: string, staff: string, assessor: string, id: string) {
  const move = (token: string, status: string) =>
    api(baseUrl, token, 'PUT', `/v1/reports/${id}/status`, { status });
  await move(staff, 'in_triage');
  await api(baseUrl, staff, 'PUT', `/v1/report/${id}/assign/user/@me`);
  const found = await api<{ report: Doc; uploadType: string | null; status: string }>(
    baseUrl,
    staff,
    'GET',
    `/v1/reports/${id}`,
  );
  const doc = found.report;
  doc.D = { ...doc.D, name: 'J.R.', birthDate: '1984-03-14', medicalHistoryText: 'None known.' };
  const reaction = doc.E!.reactions![0]!;
  reaction.term = { version: '90.0', code: '90400003' };
  for (const criterion of SERIOUSNESS_CRITERIA) reaction[criterion] ??= false;
  doc.G!.drugs![0]!.role = '1';
  doc.H = { ...doc.H, narrative: 'A woman of 42 woke with swollen lips after her second tablet.' };
  const saved = await api<{ status: string }>(baseUrl, staff, 'PUT', `/v1/report/${id}`, {
    report: doc,
    uploadType: found.uploadType,
  });
  // Every reaction coded moves an assigned case to coded by itself (decision 0253).
  if (saved.status !== 'coded') await move(staff, 'coded');
  await move(assessor, 'verified');
  await move(staff, 'ready_to_submit');
}
