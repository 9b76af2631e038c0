import type { E2bImportResult, Report } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createTenantWithForms,
  http,
  signedIn,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { professionalReport, publishedVersion } from '../../../test/message-cases.ts';

/**
 * The case form's saves (issue 24 §2, decision 0262) through HTTP against PostgreSQL: a report
 * sent through the professionals' form, one E2B(R3) block edited by staff as the form sends it
 * (the whole document, `PUT /v1/report/{id}` with `If-Match`), the case's message downloaded
 * (`GET /v1/report/{id}/xml`) and loaded by another organisation (`POST /v1/report/load`): the
 * edited values come back as they were typed. Each expectation is written out by hand.
 */
let home: TestTenant;
let elsewhere: TestTenant;
let staff: string;
let reporter: string;
let receiver: string;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenantWithForms(app.db);
  elsewhere = await createTenant(app.db);
  staff = (await signedIn(app, home, 'organisation_staff')).token;
  reporter = (await signedIn(app, home, 'reporter')).token;
  receiver = (await signedIn(app, elsewhere, 'organisation_staff')).token;
}, 120_000);

type Professional = ReturnType<typeof professionalReport>;
/** The professionals' report, every block open to the fields the form adds. */
type Doc = Omit<Professional, 'H'> & { H: Professional['H'] & Record<string, unknown> } & Record<
    string,
    unknown
  >;
const REACTION = '5d2c7a51-2f0e-4c59-9d8e-0c3b7e6b9a01';
const SECOND_REACTION = '0f6b1d2e-3c4a-4b5d-8e6f-7a8b9c0d1e2f';

async function sent(): Promise<Report> {
  const formViewVersionId = await publishedVersion(app.url, reporter, 'adr-professional');
  const res = await http<Report>(app.url, 'POST', '/v1/report', {
    token: reporter,
    body: { report: professionalReport(), organisationId: home.organisationIds[0], formViewVersionId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await http<Report>(app.url, 'GET', `/v1/reports/${res.body.id}`, { token: staff })).body;
}

/** Saves `edit` of the case as the form does, then loads its message elsewhere and reads what came in. */
async function roundTrip(edit: (doc: Doc) => void) {
  const before = await sent();
  const doc = structuredClone(before.report) as Doc;
  edit(doc);
  const saved = await http<Report>(app.url, 'PUT', `/v1/report/${before.id}`, {
    token: staff,
    headers: { 'if-match': `"${before.version}"` },
    body: { report: doc, uploadType: before.uploadType ?? undefined },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.reportVersion).toBe(before.reportVersion + 1);
  const xml = await http<string>(app.url, 'GET', `/v1/report/${before.id}/xml`, { token: staff });
  expect(xml.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([xml.body], { type: 'application/xml' }), 'case.xml');
  const loaded = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token: receiver, form });
  expect(loaded.status, JSON.stringify(loaded.body)).toBe(201);
  const created = loaded.body.created[0]!;
  const back = await http<Report>(app.url, 'GET', `/v1/reports/${created.id}`, { token: receiver });
  return { id: before.id, version: before.version, back: back.body.report as Doc };
}

describe('the case form: each block edited, exported and imported intact', { timeout: 120_000 }, () => {
  it('C: a second primary source and a literature reference', async () => {
    const { back } = await roundTrip((doc) => {
      doc.C.primarySources.push({
        title: 'Dr',
        givenName: 'Bruno',
        familyName: 'Roux',
        organisation: 'Hospices civils de Lyon',
        city: 'Lyon',
        country: 'FR',
        qualification: '1',
      } as never);
      (doc.C as Record<string, unknown>).literature = [
        { reference: 'Hart A. Angioedema on lisinopril. BMJ 2026;1:12.' },
      ];
    });
    expect(back.C.primarySources[1]).toMatchObject({
      title: 'Dr',
      givenName: 'Bruno',
      familyName: 'Roux',
      organisation: 'Hospices civils de Lyon',
      city: 'Lyon',
      country: 'FR',
      qualification: '1',
    });
    expect((back.C as Record<string, unknown>).literature).toEqual([
      { reference: 'Hart A. Angioedema on lisinopril. BMJ 2026;1:12.' },
    ]);
  });

  it('D: partial birth date, weight, MedDRA-coded history, a past drug, a null flavour', async () => {
    const { back } = await roundTrip((doc) => {
      Object.assign(doc.D, {
        birthDate: '1959-03',
        weightKg: '70',
        lastMenstrualPeriodDate: { nullFlavor: 'ASKU' },
        medicalHistory: [
          {
            condition: { version: '27.0', code: '10012601' },
            startDate: '2015',
            continuing: true,
            comments: 'Diet only',
          },
        ],
        pastDrugs: [
          { name: 'Enalapril', endDate: '2024-06', reaction: { version: '27.0', code: '10013968' } },
        ],
      });
    });
    expect(back.D).toMatchObject({
      name: 'J.M.',
      sex: '2',
      birthDate: '1959-03',
      weightKg: '70',
      lastMenstrualPeriodDate: { nullFlavor: 'ASKU' },
      medicalHistory: [
        {
          condition: { version: '27.0', code: '10012601' },
          startDate: '2015',
          continuing: true,
          comments: 'Diet only',
        },
      ],
      pastDrugs: [{ name: 'Enalapril', endDate: '2024-06', reaction: { version: '27.0', code: '10013968' } }],
    });
  });

  it('E: partial onset, duration, each seriousness criterion, outcome, confirmation, country, a second reaction', async () => {
    const { back } = await roundTrip((doc) => {
      Object.assign(doc.E.reactions[0]!, {
        startDate: '2026-11',
        duration: { value: '36', unit: 'h' },
        lifeThreatening: true,
        resultsInDeath: false,
        disabling: false,
        congenitalAnomaly: false,
        otherMedicallyImportant: false,
        outcome: '2',
        medicallyConfirmed: true,
        country: 'GB',
      });
      doc.E.reactions.push({
        id: SECOND_REACTION,
        nativeTerm: 'Hives on both arms',
        term: { version: '27.0', code: '10046735' },
        resultsInDeath: false,
        lifeThreatening: false,
        hospitalisation: false,
        disabling: false,
        congenitalAnomaly: false,
        otherMedicallyImportant: false,
        outcome: '1',
      } as never);
    });
    const [first, second] = back.E.reactions as Record<string, unknown>[];
    expect(first).toMatchObject({
      nativeTerm: 'Swollen lips and tongue, difficulty swallowing',
      term: { version: '27.0', code: '10002424' },
      startDate: '2026-11',
      duration: { value: '36', unit: 'h' },
      resultsInDeath: false,
      lifeThreatening: true,
      hospitalisation: true,
      disabling: false,
      congenitalAnomaly: false,
      otherMedicallyImportant: false,
      outcome: '2',
      medicallyConfirmed: true,
      country: 'GB',
    });
    expect(second).toMatchObject({
      nativeTerm: 'Hives on both arms',
      term: { version: '27.0', code: '10046735' },
      hospitalisation: false,
      outcome: '1',
    });
  });

  it('F: a test with date, MedDRA name, qualified value, UCUM unit, normal range, comments', async () => {
    const { back } = await roundTrip((doc) => {
      doc.F.tests = [
        {
          date: '2026-11-02T14:30',
          name: 'Serum tryptase',
          code: { version: '27.0', code: '10066451' },
          result: { value: '11.4', unit: 'ug/L', qualifier: '<' },
          normalLow: '0',
          normalHigh: '11.4',
          comments: 'Taken two hours after onset',
          moreInformationAvailable: true,
        } as never,
      ];
    });
    expect(back.F.tests[0]).toMatchObject({
      date: '2026-11-02T14:30',
      name: 'Serum tryptase',
      code: { version: '27.0', code: '10066451' },
      result: { value: '11.4', unit: 'ug/L', qualifier: '<' },
      normalLow: '0',
      normalHigh: '11.4',
      comments: 'Taken two hours after onset',
      moreInformationAvailable: true,
    });
  });

  it('G: substance and strength, authorisation, a structured dosage, cumulative dose, coded indication, action, time to onset', async () => {
    const { back } = await roundTrip((doc) => {
      Object.assign(doc.G.drugs[0]!, {
        substances: [{ name: 'Lisinopril dihydrate', strength: { value: '10', unit: 'mg' } }],
        authorisationNumber: 'PL 00289/0307',
        authorisationCountry: 'GB',
        dosages: [
          {
            dose: { value: '10', unit: 'mg' },
            frequency: { value: '1', unit: 'd' },
            startDate: '2026-10-20',
            endDate: '2026-11-02',
            duration: { value: '14', unit: 'd' },
            batchLot: 'LP2291',
            dosageText: '10 mg once a day',
            routeText: 'Oral use',
          },
        ],
        cumulativeDose: { value: '140', unit: 'mg' },
        indications: [{ text: 'Hypertension', term: { version: '27.0', code: '10020772' } }],
        actionTaken: '1',
        reactionAssessments: [
          { reactionId: REACTION, intervalFromStart: { value: '13', unit: 'd' }, recurred: '4' },
        ],
      });
    });
    expect(back.G.drugs[0]).toMatchObject({
      role: '1',
      name: 'Lisinopril 10 mg tablets',
      substances: [{ name: 'Lisinopril dihydrate', strength: { value: '10', unit: 'mg' } }],
      authorisationNumber: 'PL 00289/0307',
      authorisationCountry: 'GB',
      dosages: [
        {
          dose: { value: '10', unit: 'mg' },
          frequency: { value: '1', unit: 'd' },
          startDate: '2026-10-20',
          endDate: '2026-11-02',
          duration: { value: '14', unit: 'd' },
          batchLot: 'LP2291',
          dosageText: '10 mg once a day',
          routeText: 'Oral use',
        },
      ],
      cumulativeDose: { value: '140', unit: 'mg' },
      indications: [{ text: 'Hypertension', term: { version: '27.0', code: '10020772' } }],
      actionTaken: '1',
      reactionAssessments: [{ intervalFromStart: { value: '13', unit: 'd' }, recurred: '4' }],
    });
  });

  it("H: narrative, reporter's comments, sender's diagnosis in MedDRA, sender's comments", async () => {
    const { back } = await roundTrip((doc) => {
      Object.assign(doc.H, {
        narrative: 'Angioedema 13 days after starting lisinopril; settled within 36 hours of stopping it.',
        reporterComments: 'Typical ACE-inhibitor angioedema.',
        senderDiagnoses: [{ term: { version: '27.0', code: '10002424' } }],
        senderComments: 'Probable adverse reaction to lisinopril.',
      });
    });
    expect(back.H).toMatchObject({
      narrative: 'Angioedema 13 days after starting lisinopril; settled within 36 hours of stopping it.',
      reporterComments: 'Typical ACE-inhibitor angioedema.',
      senderDiagnoses: [{ term: { version: '27.0', code: '10002424' } }],
      senderComments: 'Probable adverse reaction to lisinopril.',
    });
  });

  it('refuses a save from a stale version with 412 and changes nothing; the save is audited and compared field by field', async () => {
    const before = await sent();
    const doc = structuredClone(before.report) as Doc;
    doc.H.senderComments = 'First save';
    const first = await http<Report>(app.url, 'PUT', `/v1/report/${before.id}`, {
      token: staff,
      headers: { 'if-match': `"${before.version}"` },
      body: { report: doc },
    });
    expect(first.status).toBe(200);
    doc.H.senderComments = 'Second save, from the version read before';
    const stale = await http<{ code: string; meta: { currentVersion: number } }>(
      app.url,
      'PUT',
      `/v1/report/${before.id}`,
      { token: staff, headers: { 'if-match': `"${before.version}"` }, body: { report: doc } },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('PRECONDITION_FAILED');
    expect(stale.body.meta.currentVersion).toBe(first.body.version);
    const now = await http<Report>(app.url, 'GET', `/v1/reports/${before.id}`, { token: staff });
    expect((now.body.report as Doc).H.senderComments).toBe('First save');
    const audit = await http<{ action: string; changes: { field: string; old: unknown; new: unknown }[] }[]>(
      app.url,
      'GET',
      `/v1/reports/${before.id}/audit`,
      { token: staff },
    );
    expect(audit.body.filter((row) => row.action === 'report.updated').map((row) => row.changes)).toEqual([
      [{ field: 'reportVersion', old: 1, new: 2 }],
    ]);
    const compared = await http<{ changes: { path: string; kind: string; old: unknown; new: unknown }[] }>(
      app.url,
      'GET',
      `/v1/reports/${before.id}/versions/compare?from=1&to=2`,
      { token: staff },
    );
    expect(compared.status).toBe(200);
    expect(compared.body.changes).toEqual([
      { path: 'H.senderComments', kind: 'added', old: null, new: 'First save' },
    ]);
  });
});
