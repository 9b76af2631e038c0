import type { CaseAuditEntry, CaseShare, RoleName, SharedCase } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

/**
 * Decision 0130: a case shared with another organisation of the platform, read through
 * GET /v1/reports/share/{extReportId}. The expected documents are the test's own case
 * (adrCase) with the fields the decision names taken out by hand.
 */
let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

type Answer = SharedCase & CaseShare & { code?: string; message?: string };
const call = async (token: string, method: string, path: string, body?: unknown) =>
  http<Answer>(app.url, method, path, { token, body });

/** A case sent by a reporter of `tenant`'s organisation `org`: its id and reference. */
async function sent(tenant: TestTenant, org: 0 | 1 = 0, extReportId?: string) {
  const res = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor(tenant, 'reporter', org),
    body: {
      report: adrCase(),
      organisationId: tenant.organisationIds[org],
      ...(extReportId ? { extReportId } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const share = async (id: string, organisationId: string, reveal?: string[], token?: string) =>
  call(
    token ?? (await tokenFor(home, 'organisation_staff')),
    'PUT',
    `/v1/report/${id}/share/organisation/${organisationId}`,
    reveal ? { reveal } : undefined,
  );
const open = async (token: string, link: string) =>
  call(token, 'GET', `/v1/reports/share/${encodeURIComponent(link)}`);

/** The test case's document as a share that reveals nothing shows it (decision 0130, by hand). */
type Shown = {
  C: Record<string, unknown> & { primarySources: Record<string, unknown>[] };
  D: Record<string, unknown>;
  H: Record<string, unknown>;
};
const shown = (report: unknown) => report as Shown;

function coreOnly() {
  const doc = shown(adrCase());
  doc.C.primarySources = [{ qualification: '1', country: 'GB', primaryForRegulatoryPurposes: '1' }];
  delete doc.D.name;
  doc.H = {};
  // Intake dates a case it receives without dates on the day it arrives (decision 0075).
  const today = new Date().toISOString().slice(0, 10);
  Object.assign(doc.C, { firstReceivedDate: today, mostRecentInformationDate: today });
  return doc;
}

describe('PUT /v1/report/{id}/share/organisation/{organisationId}', () => {
  it('shares a case read-only: the other organisation reads the clinical core, no identity, no free text', async () => {
    const { id, reference } = await sent(home);
    const [, orgB] = home.organisationIds;
    const made = await share(id, orgB);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      reportId: id,
      reference,
      organisationId: home.organisationIds[0],
      sharedWithOrganisationId: orgB,
      reveal: [],
      link: `/v1/reports/share/${reference}`,
    });
    const res = await open(await tokenFor(home, 'assessor', 1), reference);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference,
      organisationId: home.organisationIds[0],
      access: 'shared',
      reveal: [],
      status: 'received',
      serious: true,
      seriousness: ['hospitalisation'],
    });
    const expected = coreOnly();
    // Ids of reactions and drugs are drawn per document: compare the rest.
    const strip = (doc: unknown) => JSON.parse(JSON.stringify(doc).replace(/"[0-9a-f-]{36}"/g, '"uuid"'));
    expect(strip(res.body.report)).toEqual(strip(expected));
    expect(JSON.stringify(res.body.report)).not.toMatch(/Amelia|Hart|amelia\.hart|J\.M\.|7946|woke with/);
    // Read-only: the case itself stays the holder's.
    expect(
      (await call(await tokenFor(home, 'organisation_staff', 1), 'GET', `/v1/reports/${id}`)).status,
    ).toBe(404);
  });

  it('reveals the patient, the reporter and the narrative when the sharing organisation allows them', async () => {
    const { id, reference } = await sent(home);
    await share(id, home.organisationIds[1], ['narrative']);
    const partly = await open(await tokenFor(home, 'organisation_staff', 1), reference);
    expect(partly.body.reveal).toEqual(['narrative']);
    expect(shown(partly.body.report).H.narrative).toContain('woke with swollen lips');
    expect(shown(partly.body.report).D.name).toBeUndefined();
    // PUT again changes what the share reveals (one share per organisation).
    const changed = await share(id, home.organisationIds[1], ['reporter', 'patient', 'narrative']);
    expect(changed.body.reveal).toEqual(['patient', 'reporter', 'narrative']);
    const all = await open(await tokenFor(home, 'organisation_staff', 1), reference);
    expect(shown(all.body.report).D.name).toBe('J.M.');
    expect(shown(all.body.report).C.primarySources[0]).toMatchObject({
      givenName: 'Amelia',
      familyName: 'Hart',
      email: 'amelia.hart@example.test',
    });
    const audit = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${id}/audit`, {
      token: await tokenFor(home, 'organisation_staff'),
    });
    const shared = audit.body.filter((e) => e.action === 'report.shared');
    expect(shared).toHaveLength(2);
    expect(shared[1]!.changes).toContainEqual({
      field: 'reveal',
      old: ['narrative'],
      new: ['patient', 'reporter', 'narrative'],
    });
  });

  it('finds the case by its external id too; the holder and the platform administrators read all of it', async () => {
    const ext = `MAH-${Date.now()}`;
    const { id, reference } = await sent(home, 0, ext);
    const made = await share(id, home.organisationIds[1]);
    expect(made.body.link).toBe(`/v1/reports/share/${ext}`);
    const holder = await open(await tokenFor(home, 'assessor'), ext);
    expect(holder.body).toMatchObject({
      reference,
      access: 'holder',
      reveal: ['patient', 'reporter', 'narrative'],
    });
    expect(shown(holder.body.report).D.name).toBe('J.M.');
    const platform = await open(await tokenFor(home, 'platform_admin'), ext);
    expect(platform.body).toMatchObject({ reference, access: 'platform' });
    expect((await open(await tokenFor(home, 'organisation_staff', 1), ext)).body.access).toBe('shared');
  });

  it('stops when the share is revoked, and when the sharing organisation sends the case on', async () => {
    const staffB = await tokenFor(home, 'organisation_staff', 1);
    const first = await sent(home);
    await share(first.id, home.organisationIds[1]);
    const staffA = await tokenFor(home, 'organisation_staff');
    const path = `/v1/report/${first.id}/share/organisation/${home.organisationIds[1]}`;
    expect((await call(staffA, 'DELETE', path)).status).toBe(204);
    expect((await open(staffB, first.reference)).status).toBe(404);
    expect((await call(staffA, 'DELETE', path)).status).toBe(404);

    // Shared with C by A, then sent to B: A no longer holds it, so its share shows nothing.
    const two = await signedInToTwo(app, home, ['organisation_staff', 'organisation_staff']);
    const second = await sent(home);
    await share(second.id, two.thirdOrganisationId);
    const staffC = (await signedIn(app, two.thirdTenant, 'organisation_staff')).token;
    expect((await open(staffC, second.reference)).status).toBe(200);
    const moved = await call(
      staffA,
      'PUT',
      `/v1/report/${second.id}/reassign/organisation/${home.organisationIds[1]}`,
    );
    expect(moved.status).toBe(200);
    expect((await open(staffC, second.reference)).status).toBe(404);
  });

  it('answers 400 for the case’s own organisation, 404 for another platform’s, 403 to an assessor', async () => {
    const { id } = await sent(home);
    expect((await share(id, home.organisationIds[0])).body).toMatchObject({ statusCode: 400 });
    expect((await share(id, foreign.organisationIds[0])).status).toBe(404);
    const assessor = await tokenFor(home, 'assessor');
    expect((await share(id, home.organisationIds[1], [], assessor)).status).toBe(403);
    expect((await share(id, home.organisationIds[1], ['everything'])).status).toBe(400);
    // Another organisation's staff cannot share a case it does not hold.
    expect(
      (await share(id, home.organisationIds[1], [], await tokenFor(home, 'organisation_staff', 1))).status,
    ).toBe(404);
  });
});

describe('GET /v1/reports/share/{extReportId} across tenants', () => {
  it('answers 404 to an organisation it was not shared with, another platform and an unknown id', async () => {
    const { id, reference } = await sent(home);
    await share(id, home.organisationIds[1]);
    expect((await open(await tokenFor(foreign, 'platform_admin'), reference)).status).toBe(404);
    expect((await open(await tokenFor(foreign, 'organisation_staff'), reference)).status).toBe(404);
    expect((await open(await tokenFor(home, 'organisation_staff'), 'NOPE-NOPE-0')).status).toBe(404);
    // A reporter of the receiving organisation is not a caseworker: nothing shared with it.
    expect((await open(await tokenFor(home, 'reporter', 1), reference)).status).toBe(404);
    // A reporter of the holding organisation sees the case exists, and may not read it here.
    expect((await open(await tokenFor(home, 'reporter'), reference)).status).toBe(403);
  });

  it('serves a user of two organisations what either may read, and nothing of a third or another platform', async () => {
    // Reporter in A, staff in B; C is the platform's third organisation.
    const two = await signedInToTwo(app, home, ['reporter', 'organisation_staff']);
    const ofA = await sent(home);
    const staffC = (await signedIn(app, two.thirdTenant, 'organisation_staff')).token;
    const ofC = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
      token: (await signedIn(app, two.thirdTenant, 'reporter')).token,
      body: { report: adrCase(), organisationId: two.thirdOrganisationId },
    });
    const ofForeign = await sent(foreign);
    expect((await open(two.token, ofA.reference)).status).toBe(403);
    expect((await open(two.token, ofC.body.reference)).status).toBe(404);
    expect((await open(two.token, ofForeign.reference)).status).toBe(404);
    // C shares its case with B: the user reads it as B's staff.
    const made = await share(ofC.body.id, home.organisationIds[1], [], staffC);
    expect(made.status).toBe(200);
    const read = await open(two.token, ofC.body.reference);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ access: 'shared', organisationId: two.thirdOrganisationId });
    // It cannot share or revoke C's case.
    const path = `/v1/report/${ofC.body.id}/share/organisation/${home.organisationIds[1]}`;
    expect((await call(two.token, 'DELETE', path)).status).toBe(404);
  });
});
