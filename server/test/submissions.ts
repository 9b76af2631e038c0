import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, Receiver, Submission } from '@vigilo/contract';
import { repoRoot } from '../src/config.ts';
import type { TestApp } from './app.ts';
import type { TestReceiver } from './e2b-receiver.ts';
import { http } from './http.ts';

/** Shared steps of the submissions tests: a receiver, a case ready to submit, a distribution. */

export const scenario1 = readFileSync(
  join(repoRoot, 'e2b', 'test', 'examples', 'FAERS2022Scenario1.xml'),
  'utf8',
);

/** A receiver of organisation `organisationId`, made by `token` (its administrator); throws unless 201. */
export async function addReceiver(
  app: TestApp,
  token: string,
  organisationId: string,
  body: Record<string, unknown>,
): Promise<Receiver> {
  const res = await http<Receiver>(app.url, 'POST', `/v1/organisation/${organisationId}/receivers`, {
    token,
    // FDA takes messages from the sender ids it approved only (decision 0230).
    body: {
      name: `Receiver ${crypto.randomUUID()}`,
      ...(body.profile === 'fda' ? { batchSender: 'VIGILO-FDA-1' } : {}),
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An HTTPS transport to `path` of the test receiver, trusting its certificate. */
export const httpsTo = (receiver: TestReceiver, path: string) => ({
  type: 'https',
  url: `${receiver.url}${path}`,
  auth: 'none',
  caCertificate: receiver.certificate,
});

/**
 * FDA scenario 1 (a serious case from the US: its reactions and reporter are in the US)
 * imported by `token`, an administrator of its organisation (or of `organisationId`, for a user
 * of two), and moved to ready_to_submit; answers its id and reference.
 */
export async function readyCaseOf(
  app: TestApp,
  token: string,
  organisationId?: string,
  xml: string = scenario1,
): Promise<{ id: string; reference: string }> {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'case.xml');
  if (organisationId) form.append('organisationId', organisationId);
  const load = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token, form });
  if (load.status !== 201) throw new Error(`load: ${load.status} ${JSON.stringify(load.body)}`);
  const { id, reference } = load.body.created[0]!;
  await http(app.url, 'PUT', `/v1/report/${id}/assign/user/@me`, { token });
  for (const status of ['coded', 'verified', 'ready_to_submit']) {
    const res = await http(app.url, 'PUT', `/v1/reports/${id}/status`, { token, body: { status } });
    if (res.status !== 200) throw new Error(`${status}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id, reference };
}

/** `readyCaseOf`, answering the id only. */
export async function readyCase(app: TestApp, token: string, organisationId?: string): Promise<string> {
  return (await readyCaseOf(app, token, organisationId)).id;
}

export type Answer<T> = T & {
  code?: string;
  message?: string;
  meta?: { fields?: { field: string; reason?: string }[] };
};

export const distribute = (app: TestApp, token: string, body: unknown) =>
  http<Answer<Submission[]>>(app.url, 'POST', '/v1/submissions/distribute', { token, body });
