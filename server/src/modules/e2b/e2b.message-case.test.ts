import type { E2bValidation, Report, SenderProfile } from '@vigilo/contract';
import { importBatch, validate } from '@vigilo/e2b';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithForms, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import {
  aefiReport,
  professionalReport,
  publicReport,
  publishedVersion,
  xmllint,
} from '../../../test/message-cases.ts';
import { signedInToTwo } from '../../../test/sessions.ts';

/**
 * The message case through the product's own path (decision 0240): a report sent with a
 * standard form's published version, as the form collects it, downloaded as E2B(R3) with no
 * hand-editing. Expected values are written out by hand from the ICH guide: C.1.1 is
 * `GB-NPC-<reference>` for a sender profile of country GB and identifier NPC.
 */
let home: TestTenant;
let admin: string;
let staff: string;
let reporter: string;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenantWithForms(app.db);
  [admin = '', staff = '', reporter = ''] = await Promise.all(
    (['organisation_admin', 'organisation_staff', 'reporter'] as const).map(
      async (role) => (await signedIn(app, home, role)).token,
    ),
  );
  const profile = await http(app.url, 'PUT', `/v1/organisation/${home.organisationIds[0]}/sender-profile`, {
    token: admin,
    body: {
      identifier: 'NPC',
      type: '2',
      organisation: 'National Pharmacovigilance Centre',
      department: 'Case processing',
      street: '10 South Colonnade',
      city: 'London',
      postcode: 'E14 4PU',
      country: 'GB',
      telephone: '+44 20 3080 6000',
      email: 'cases@npc.example.test',
    },
  });
  expect(profile.status).toBe(200);
});

type Answer<T> = T & { code?: string; message?: string; meta?: { fields?: { field: string }[] } };

async function send(report: unknown, formKey: string, token = reporter) {
  const formViewVersionId = await publishedVersion(app.url, token, formKey);
  const res = await http<Answer<Report>>(app.url, 'POST', '/v1/report', {
    token,
    body: { report, organisationId: home.organisationIds[0], formViewVersionId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const xmlOf = (id: string, token = staff) => http<string>(app.url, 'GET', `/v1/report/${id}/xml`, { token });
const ichErrors = (xml: string) => {
  const report = validate(xml, 'ich');
  return [...report.findings, ...report.cases.flatMap((c) => c.findings)]
    .filter((f) => f.severity === 'error')
    .map((f) => f.message);
};
const today = () => new Date().toISOString().slice(0, 10);

describe('a complete report as each standard form collects it', () => {
  for (const [key, make] of [
    ['adr-professional', professionalReport],
    ['adr-public', publicReport],
    ['aefi', aefiReport],
  ] as const)
    it(`${key}: the message is schema-valid (xmllint too) with 0 ICH errors and section C filled by Vigilo`, async () => {
      const sent = await send(make(), key);
      const out = await xmlOf(sent.id);
      expect(out.status).toBe(200);
      expect(xmllint(out.body)).toBe('');
      expect(ichErrors(out.body)).toEqual([]);
      expect(out.headers.get('x-e2b-errors')).toBe('0');
      const caseId = `GB-NPC-${sent.reference}`;
      // C.1.1 and C.1.8.1 (the worldwide id of a case first sent by this organisation).
      expect(out.body).toContain(`<id root="2.16.840.1.113883.3.989.2.1.3.1" extension="${caseId}"/>`);
      expect(out.body).toContain(`<id root="2.16.840.1.113883.3.989.2.1.3.2" extension="${caseId}"/>`);
      const c = importBatch(out.body).cases[0]!.document.C;
      expect(c).toMatchObject({
        senderSafetyReportId: caseId,
        worldwideUniqueId: caseId,
        reportType: '1',
        firstReceivedDate: today(),
        mostRecentInformationDate: today(),
        additionalDocumentsAvailable: false,
        // A regulatory authority (C.3.1 = 2) is a regulator as first sender (C.1.8.2 = 1).
        firstSender: '1',
        otherCaseIdentifiersInPreviousTransmissions: { nullFlavor: 'NI' },
        sender: {
          type: '2',
          organisation: 'National Pharmacovigilance Centre',
          department: 'Case processing',
          street: '10 South Colonnade',
          city: 'London',
          postcode: 'E14 4PU',
          country: 'GB',
          telephone: '+44 20 3080 6000',
          email: 'cases@npc.example.test',
        },
      });
      expect(c.creationDate).toMatch(new RegExp(`^${today()}T\\d{2}:\\d{2}:\\d{2}\\+00:00$`));
      // Serious (hospital stay) with the ICH 15 days: expedited; the AEFI one was not serious.
      expect(c.fulfilsLocalExpeditedCriteria).toBe(key !== 'aefi');
      const [reaction] = importBatch(out.body).cases[0]!.document.E!.reactions!;
      expect(reaction).toMatchObject({
        resultsInDeath: false,
        lifeThreatening: false,
        hospitalisation: key !== 'aefi',
        disabling: false,
        congenitalAnomaly: false,
        otherMedicallyImportant: false,
        nativeTermLanguage: 'eng',
      });
    });
});

describe("the case's C.1.1", () => {
  it('is kept once assigned: a new version and a changed sender profile leave it as it was', async () => {
    const sent = await send(professionalReport(), 'adr-professional');
    const caseId = `GB-NPC-${sent.reference}`;
    expect((await xmlOf(sent.id)).body).toContain(`extension="${caseId}"`);
    const edited = { ...professionalReport(), H: { narrative: 'Follow-up: no recurrence after a month.' } };
    const put = await http(app.url, 'PUT', `/v1/report/${sent.id}`, {
      token: staff,
      body: { report: edited },
    });
    expect(put.status).toBe(200);
    const other = await signedIn(app, home, 'organisation_admin');
    const moved = await http(app.url, 'PUT', `/v1/organisation/${home.organisationIds[0]}/sender-profile`, {
      token: other.token,
      body: { identifier: 'MHRA', country: 'GB', type: '2' },
    });
    expect(moved.status).toBe(200);
    const again = await xmlOf(sent.id);
    expect(again.body).toContain(`extension="${caseId}"`);
    expect(again.body).not.toContain(`GB-MHRA-${sent.reference}`);
    // The profile back as the other tests expect it.
    const back = await http(app.url, 'PUT', `/v1/organisation/${home.organisationIds[0]}/sender-profile`, {
      token: admin,
      body: {
        identifier: 'NPC',
        type: '2',
        organisation: 'National Pharmacovigilance Centre',
        department: 'Case processing',
        street: '10 South Colonnade',
        city: 'London',
        postcode: 'E14 4PU',
        country: 'GB',
        telephone: '+44 20 3080 6000',
        email: 'cases@npc.example.test',
      },
    });
    expect(back.status).toBe(200);
    const assigned = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', sent.id)
      .where('action', '=', 'report.case_id_assigned')
      .execute();
    expect(assigned).toHaveLength(1);
  });
});

describe('POST /v1/report/{id}/xml/validation (the case form’s unsaved document)', () => {
  const draftOf = (id: string, body: unknown, token = staff) =>
    http<Answer<E2bValidation>>(app.url, 'POST', `/v1/report/${id}/xml/validation`, { token, body });
  // One case for the describe: validating an unsaved document stores nothing (the first test checks).
  let sent: Report;
  beforeAll(async () => {
    sent = await send(professionalReport(), 'adr-professional');
  });

  it('answers as the GET does, on the message case of the document sent; stores nothing', async () => {
    const unsaved = professionalReport();
    // Seriousness not assessed yet, the drug's role cleared: E.i.3.2 and G.k.1 are missing.
    unsaved.E.reactions[0] = {
      ...unsaved.E.reactions[0]!,
      serious: undefined as never,
      hospitalisation: undefined as never,
    };
    delete (unsaved.G.drugs[0] as { role?: string }).role;
    const res = await draftOf(sent.id, { report: unsaved });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sent.id, profile: 'ich', valid: false });
    expect(
      res.body.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.field)
        .sort(),
    ).toEqual([
      'report/E/reactions/0/congenitalAnomaly',
      'report/E/reactions/0/disabling',
      'report/E/reactions/0/hospitalisation',
      'report/E/reactions/0/lifeThreatening',
      'report/E/reactions/0/otherMedicallyImportant',
      'report/E/reactions/0/resultsInDeath',
      'report/G/drugs/0/role',
    ]);
    const fda = await draftOf(sent.id, { report: professionalReport(), profile: 'fda' });
    expect(fda.body).toMatchObject({ profile: 'fda' });
    // Nothing stored: no new version, no C.1.1 kept for a case never written before.
    const stored = await app.db
      .selectFrom('reports')
      .select('current_version')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(stored.current_version).toBe(1);
    const kept = await app.db
      .selectFrom('report_case_ids')
      .selectAll()
      .where('report_id', '=', sent.id)
      .execute();
    expect(kept).toEqual([]);
    const get = await http<E2bValidation>(app.url, 'GET', `/v1/report/${sent.id}/xml/validation`, {
      token: staff,
    });
    const same = await draftOf(sent.id, { report: professionalReport() });
    expect(same.body).toEqual(get.body);
  });

  it('refuses a document that is not a case document with 400 and its fields, and other bodies', async () => {
    const bad = { ...professionalReport(), D: { ...professionalReport().D, sex: '7' } };
    const res = await draftOf(sent.id, { report: bad });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta!.fields!.map((f) => f.field)).toEqual(['body/report/D/sex']);
    expect((await draftOf(sent.id, { report: professionalReport(), profile: 'xx' })).status).toBe(400);
    expect((await draftOf(sent.id, {})).status).toBe(400);
    expect((await draftOf(sent.id, { report: professionalReport(), extra: 1 })).status).toBe(400);
  });

  it("is 404 to the neighbour organisation's staff and another platform's; a two-organisation user validates where it works", async () => {
    const neighbour = await signedIn(app, home, 'organisation_staff', 1);
    expect((await draftOf(sent.id, { report: professionalReport() }, neighbour.token)).status).toBe(404);
    const elsewhere = await createTenantWithForms(app.db);
    const stranger = await signedIn(app, elsewhere, 'organisation_admin');
    expect((await draftOf(sent.id, { report: professionalReport() }, stranger.token)).status).toBe(404);
    const two = await signedInToTwo(app, home, ['organisation_staff', 'reporter']);
    expect((await draftOf(sent.id, { report: professionalReport() }, two.token)).status).toBe(200);
    // Its own reporter does not validate staff's drafts of it.
    expect((await draftOf(sent.id, { report: professionalReport() }, reporter)).status).toBe(403);
  });
});

describe('the sender profile (GET/PUT /v1/organisation/{id}/sender-profile)', () => {
  const path = (id: string) => `/v1/organisation/${id}/sender-profile`;

  it('is empty until saved, then replaced whole, audited, and refused when stale (412)', async () => {
    const organisation = home.organisationIds[1];
    const otherAdmin = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const empty = await http<SenderProfile>(app.url, 'GET', path(organisation), { token: otherAdmin });
    expect(empty.body).toEqual({
      organisationId: organisation,
      identifier: null,
      type: null,
      organisation: null,
      department: null,
      title: null,
      givenName: null,
      familyName: null,
      street: null,
      city: null,
      state: null,
      postcode: null,
      country: null,
      telephone: null,
      email: null,
      version: 0,
      updatedAt: null,
    });
    const saved = await http<SenderProfile>(app.url, 'PUT', path(organisation), {
      token: otherAdmin,
      headers: { 'if-match': '"0"' },
      body: { identifier: 'STMARY', type: '3', organisation: "St Mary's Hospital", country: 'GB' },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect(saved.body).toMatchObject({ identifier: 'STMARY', type: '3', country: 'GB', version: 1 });
    const replaced = await http<SenderProfile>(app.url, 'PUT', path(organisation), {
      token: otherAdmin,
      headers: { 'if-match': '"1"' },
      body: { identifier: 'STMARY', type: '3' },
    });
    expect(replaced.body).toMatchObject({ organisation: null, country: null, version: 2 });
    const stale = await http<Answer<unknown>>(app.url, 'PUT', path(organisation), {
      token: otherAdmin,
      headers: { 'if-match': '"1"' },
      body: { identifier: 'LATE' },
    });
    expect(stale.status).toBe(412);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_id', '=', organisation)
      .where('action', '=', 'organisation.sender_profile_updated')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.changes).toContainEqual({ path: 'identifier', old: null, new: 'STMARY' });
  });

  it('refuses what does not fit E2B (identifier of letters and digits, C.3.1 codes, an ISO country)', async () => {
    for (const body of [
      { identifier: 'N-P-C' },
      { type: '7' },
      { country: 'gb' },
      { email: 'not an email' },
      { colour: 'red' },
    ]) {
      const res = await http<Answer<unknown>>(app.url, 'PUT', path(home.organisationIds[0]), {
        token: admin,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is 404 to the neighbour organisation and another platform; a two-organisation user keeps only its own', async () => {
    const neighbour = (await signedIn(app, home, 'organisation_admin', 1)).token;
    expect((await http(app.url, 'GET', path(home.organisationIds[0]), { token: neighbour })).status).toBe(
      404,
    );
    expect(
      (
        await http(app.url, 'PUT', path(home.organisationIds[0]), {
          token: neighbour,
          body: { identifier: 'X' },
        })
      ).status,
    ).toBe(404);
    const elsewhere = await createTenantWithForms(app.db);
    const stranger = (await signedIn(app, elsewhere, 'organisation_admin')).token;
    expect((await http(app.url, 'GET', path(home.organisationIds[0]), { token: stranger })).status).toBe(404);
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_staff']);
    expect((await http(app.url, 'GET', path(home.organisationIds[1]), { token: two.token })).status).toBe(
      200,
    );
    expect(
      (
        await http(app.url, 'PUT', path(home.organisationIds[1]), {
          token: two.token,
          body: { identifier: 'X' },
        })
      ).status,
    ).toBe(403);
    expect((await http(app.url, 'GET', path(two.thirdOrganisationId), { token: two.token })).status).toBe(
      404,
    );
  });
});

describe('the gates (decision 0244)', () => {
  const status = (id: string, to: string) =>
    http<Answer<{ status: string }>>(app.url, 'PUT', `/v1/reports/${id}/status`, {
      token: admin,
      body: { status: to },
    });

  it('ready_to_submit waits for a message with no error for the default receiver (ICH without one), then passes', async () => {
    // The reporter skipped "Was it serious?": E.i.3.2a–f cannot be written.
    const skipped = publicReport();
    const { serious: _s, hospitalisation: _h, ...unassessed } = skipped.E.reactions[0]!;
    skipped.E.reactions[0] = unassessed as never;
    const sent = await send(skipped, 'adr-public');
    expect(
      (await http(app.url, 'PUT', `/v1/report/${sent.id}/assign/user/@me`, { token: admin })).status,
    ).toBe(200);
    for (const to of ['coded', 'verified']) expect((await status(sent.id, to)).status).toBe(200);
    const refused = await status(sent.id, 'ready_to_submit');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MESSAGE_INVALID');
    expect(refused.body.message).toMatch(
      /^The case cannot be ready to submit: the message for ICH \(ICH\) has 6 errors to fix first\./,
    );
    const [message] = (
      refused.body.meta as unknown as {
        messages: { receiverId: null; profile: string; findings: { severity: string; field?: string }[] }[];
      }
    ).messages;
    expect(message).toMatchObject({ receiverId: null, receiverName: null, profile: 'ich' });
    expect(
      message!.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.field)
        .sort(),
    ).toEqual([
      'report/E/reactions/0/congenitalAnomaly',
      'report/E/reactions/0/disabling',
      'report/E/reactions/0/hospitalisation',
      'report/E/reactions/0/lifeThreatening',
      'report/E/reactions/0/otherMedicallyImportant',
      'report/E/reactions/0/resultsInDeath',
    ]);
    const still = await http<{ status: string }>(app.url, 'GET', `/v1/reports/${sent.id}`, { token: admin });
    expect(still.body.status).toBe('verified');
    // Staff assess it: not serious. The same step then passes.
    const assessed = publicReport();
    assessed.E.reactions[0] = { ...unassessed, serious: false } as never;
    const saved = await http(app.url, 'PUT', `/v1/report/${sent.id}`, {
      token: staff,
      body: { report: assessed },
    });
    expect(saved.status).toBe(200);
    expect((await status(sent.id, 'ready_to_submit')).status).toBe(200);
  });
});
