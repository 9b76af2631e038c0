import type { CausalityAssessment, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { type SentCase as Sent, sendAdrCase } from '../../../test/sent-cases.ts';

/**
 * Causality per drug × reaction (issue 24 §3, decision 0270), through HTTP against PostgreSQL:
 * what an assessment writes into the case and its E2B(R3) message, the server's own Naranjo
 * score, refusals that change nothing, withdrawal, retries and races. Expected totals are added
 * up by hand from the published Naranjo table (see contract/test/causality.test.ts).
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

interface Pair {
  reactionId: string;
  recurred?: string;
  assessments?: { source: string; method: string; result: string }[];
}
type Doc = { G: { drugs: { reactionAssessments?: Pair[] }[] } };

/** A report a reporter sent: a received case with a suspect drug, a concomitant one and a reaction. */
const sentCase = async (organisation: 0 | 1 = 0) =>
  sendAdrCase(app, await tokenFor('reporter', organisation));

/** Lisinopril and angioedema: known reaction, after the drug, better when stopped, not given again, no other cause, swelling seen. */
const lisinopril = {
  previousReports: 'yes',
  appearedAfterDrug: 'yes',
  improvedOnWithdrawal: 'yes',
  reappearedOnReadministration: 'unknown',
  alternativeCauses: 'no',
  reactionToPlacebo: 'unknown',
  toxicConcentration: 'unknown',
  doseRelated: 'unknown',
  previousSimilarReaction: 'unknown',
  objectiveEvidence: 'yes',
} as const;

const record = async (c: Sent, body: Record<string, unknown>, role: RoleName = 'assessor', headers = {}) =>
  http<CausalityAssessment>(app.url, 'POST', `/v1/reports/${c.id}/causality`, {
    token: await tokenFor(role),
    body: { drugId: c.drugId, reactionId: c.reactionId, ...body },
    headers,
  });

const read = async (id: string) =>
  http<{ reportVersion: number; report: Doc }>(app.url, 'GET', `/v1/reports/${id}`, {
    token: await tokenFor('organisation_staff'),
  });
const pairOf = (doc: Doc) => doc.G.drugs[0]!.reactionAssessments;
const rowsOf = (reportId: string) =>
  app.db.selectFrom('causality_assessments').selectAll().where('report_id', '=', reportId).execute();

describe('recording causality', () => {
  it('a WHO-UMC assessment becomes a G.k.9.i.2.r entry of a new version, in the E2B(R3) message, audited', async () => {
    const c = await sentCase();
    const res = await record(c, {
      source: 'reporter',
      method: 'who-umc',
      whoUmc: 'probable',
      comment: ' Typical ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reportId: c.id,
      drugId: c.drugId,
      reactionId: c.reactionId,
      source: 'reporter',
      method: 'who-umc',
      category: 'probable',
      score: null,
      naranjo: null,
      entry: { source: 'Primary source reporter', method: 'WHO-UMC', result: 'Probable/Likely' },
      comment: 'Typical',
      reportVersion: 2,
      withdrawn: null,
      inCase: true,
    });
    expect(res.body.recordedBy?.name).toBeTruthy();

    // The pair the reporter's form made (recurrence G.k.9.i.4) keeps what it had and gains the entry.
    const after = await read(c.id);
    expect(after.body.reportVersion).toBe(2);
    expect(pairOf(after.body.report)).toEqual([
      {
        reactionId: c.reactionId,
        recurred: '4',
        assessments: [{ source: 'Primary source reporter', method: 'WHO-UMC', result: 'Probable/Likely' }],
      },
    ]);
    expect(after.body.report.G.drugs[1]).toEqual(c.document.G.drugs[1]);

    const xml = await http<string>(app.url, 'GET', `/v1/report/${c.id}/xml`, {
      token: await tokenFor('assessor'),
    });
    expect(xml.status).toBe(200);
    const flat = xml.body.replace(/\s+/g, ' ');
    expect(flat).toContain(
      `<value xsi:type="ST">Probable/Likely</value> <methodCode> <originalText>WHO-UMC</originalText> </methodCode> <author typeCode="AUT"> <assignedEntity classCode="ASSIGNED"> <code> <originalText>Primary source reporter</originalText> </code> </assignedEntity> </author> <subject1 typeCode="SUBJ"> <adverseEffectReference classCode="OBS" moodCode="EVN"> <id root="${c.reactionId}"/>`,
    );

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'changes', 'details'])
      .where('entity_id', '=', c.id)
      .where('action', '=', 'report.causality_recorded')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(res.body.recordedBy?.id);
    expect(audit[0]!.changes).toEqual([{ path: 'reportVersion', old: 1, new: 2 }]);
    expect(audit[0]!.details).toMatchObject({
      assessmentId: res.body.id,
      method: 'who-umc',
      category: 'probable',
    });
  });

  it('a Naranjo questionnaire is scored by the server: 7, probable, with every answer kept', async () => {
    const c = await sentCase();
    const res = await record(c, { source: 'organisation', method: 'naranjo', naranjo: lisinopril });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      method: 'naranjo',
      category: 'probable',
      score: 7,
      naranjo: lisinopril,
    });
    const organisation = await app.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', tenant.organisationIds[0])
      .executeTakeFirstOrThrow();
    expect(res.body.entry).toEqual({
      source: organisation.name,
      method: 'Naranjo',
      result: 'Probable (score 7)',
    });
    const [row] = await rowsOf(c.id);
    expect(row).toMatchObject({ score: 7, category: 'probable', naranjo: lisinopril });
    const list = await http<CausalityAssessment[]>(app.url, 'GET', `/v1/reports/${c.id}/causality`, {
      token: await tokenFor('organisation_staff'),
    });
    expect(list.body).toEqual([res.body]);
  });

  it('every "do not know" scores 0: doubtful; a score or category sent by the client is refused', async () => {
    const c = await sentCase();
    const unknown = Object.fromEntries(Object.keys(lisinopril).map((k) => [k, 'unknown']));
    const res = await record(
      c,
      { source: 'company', method: 'naranjo', naranjo: unknown },
      'organisation_staff',
    );
    expect(res.body).toMatchObject({
      score: 0,
      category: 'doubtful',
      entry: { source: 'Pharmaceutical company', result: 'Doubtful (score 0)' },
    });
    const forged = await record(c, { source: 'company', method: 'naranjo', naranjo: unknown, score: 13 });
    expect(forged.status).toBe(400);
  });

  it('refuses what cannot be recorded, field by field, and changes nothing', async () => {
    const c = await sentCase();
    const { previousReports: _, doseRelated: __, ...eight } = lisinopril;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ source: 'reporter', method: 'who-umc' }, ['body/whoUmc']],
      [
        { source: 'reporter', method: 'naranjo', naranjo: eight },
        ['body/naranjo/previousReports', 'body/naranjo/doseRelated'],
      ],
      [{ source: 'reporter', method: 'who-umc', whoUmc: 'possible', naranjo: lisinopril }, ['body/naranjo']],
      [{ source: 'other', method: 'who-umc', whoUmc: 'possible', sourceText: '   ' }, ['body/sourceText']],
      [
        { source: 'reporter', sourceText: 'Dr Hart', method: 'who-umc', whoUmc: 'possible' },
        ['body/sourceText'],
      ],
      [
        { source: 'reporter', method: 'who-umc', whoUmc: 'possible', drugId: crypto.randomUUID() },
        ['body/drugId'],
      ],
      [
        { source: 'reporter', method: 'who-umc', whoUmc: 'possible', reactionId: 'gone' },
        ['body/reactionId'],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await record(c, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const named = (res.body as unknown as { meta: { fields: { field: string }[] } }).meta.fields.map(
        (f) => f.field,
      );
      expect(named).toEqual(fields);
    }
    const answer = await record(c, { source: 'reporter', method: 'who-umc', whoUmc: 'likely' });
    expect(answer.status).toBe(400);
    expect((await read(c.id)).body.reportVersion).toBe(1);
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it('an assessment by someone else is written in their words', async () => {
    const c = await sentCase();
    const res = await record(c, {
      source: 'other',
      sourceText: ' Hospital pharmacist ',
      method: 'who-umc',
      whoUmc: 'unassessable',
    });
    expect(res.body.entry).toEqual({
      source: 'Hospital pharmacist',
      method: 'WHO-UMC',
      result: 'Unassessable/Unclassifiable',
    });
  });

  it('refuses a draft, and a nullified case until it is reopened (409)', async () => {
    const draft = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: await tokenFor('organisation_staff'),
      body: { report: adrCase(), status: 'draft' },
    });
    const doc = adrCase();
    const asDraft = {
      id: draft.body.id,
      drugId: doc.G.drugs[0]!.id,
      reactionId: doc.E.reactions[0]!.id,
      document: doc,
    };
    expect(
      (await record(asDraft, { source: 'reporter', method: 'who-umc', whoUmc: 'possible' })).status,
    ).toBe(409);
    const c = await sentCase();
    const nullified = await http(app.url, 'PUT', `/v1/reports/${c.id}/status`, {
      token: await tokenFor('organisation_admin'),
      body: { status: 'nullified', reason: 'Sent twice by mistake' },
    });
    expect(nullified.status).toBe(200);
    const res = await record(c, { source: 'reporter', method: 'who-umc', whoUmc: 'possible' });
    expect(res.status).toBe(409);
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it('a retry with the same Idempotency-Key records once; two assessors at once both land', async () => {
    const c = await sentCase();
    const body = { source: 'reporter', method: 'who-umc', whoUmc: 'possible' };
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await record(c, body, 'assessor', key);
    const again = await record(c, body, 'assessor', key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const both = await Promise.all([
      record(c, { source: 'organisation', method: 'naranjo', naranjo: lisinopril }),
      record(c, { source: 'regulator', method: 'who-umc', whoUmc: 'certain' }, 'organisation_staff'),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body.reportVersion).sort()).toEqual([3, 4]);
    const after = await read(c.id);
    expect(after.body.reportVersion).toBe(4);
    expect(
      pairOf(after.body.report)?.[0]
        ?.assessments?.map((e) => e.result)
        .sort(),
    ).toEqual(['Certain', 'Possible', 'Probable (score 7)']);
  });
});
