import type { CausalityAssessment, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { type SentCase as Sent, sendAdrCase } from '../../../test/sent-cases.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';

/**
 * Withdrawing causality assessments, and who may see and record them (decision 0270): the
 * neighbour organisation gets 404 for the case and for the assessment id, a user of two
 * organisations acts in each by its role there, a reporter never.
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (role: RoleName, organisation: 0 | 1 = 0, on = tenant) =>
  (await sessionFor(on, role, organisation)).token;

const sentCase = (token: string) => sendAdrCase(app, token);
const sentIn = async (organisation: 0 | 1) => sentCase(await tokenFor('reporter', organisation));

const possible = { source: 'reporter', method: 'who-umc', whoUmc: 'possible' };
const record = (c: Sent, token: string, body: Record<string, unknown> = possible) =>
  http<CausalityAssessment>(app.url, 'POST', `/v1/reports/${c.id}/causality`, {
    token,
    body: { drugId: c.drugId, reactionId: c.reactionId, ...body },
  });
const withdraw = (
  reportId: string,
  id: string,
  token: string,
  reason: unknown = 'Recorded on the wrong drug',
) =>
  http<CausalityAssessment>(app.url, 'POST', `/v1/reports/${reportId}/causality/${id}/withdraw`, {
    token,
    body: { reason },
  });
const versionOf = async (id: string) =>
  (
    await http<{ reportVersion: number; report: { G: { drugs: Record<string, unknown>[] } } }>(
      app.url,
      'GET',
      `/v1/reports/${id}`,
      { token: await tokenFor('organisation_staff') },
    )
  ).body;

describe('withdrawing an assessment', () => {
  it('takes its entry out of the case in a new version, keeps the record with who, when and why, once', async () => {
    const c = await sentIn(0);
    const assessor = await tokenFor('assessor');
    const made = (await record(c, assessor)).body;
    expect((await withdraw(c.id, made.id, assessor, '  ')).status).toBe(400);
    const res = await withdraw(c.id, made.id, await tokenFor('organisation_staff'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: made.id,
      inCase: false,
      withdrawn: { reason: 'Recorded on the wrong drug', reportVersion: 3 },
    });
    expect(res.body.withdrawn?.by?.id).not.toBe(made.recordedBy?.id);
    const after = await versionOf(c.id);
    expect(after.reportVersion).toBe(3);
    // The pair the form made stays as it was before the assessment: recurrence only.
    expect(after.report.G.drugs[0]!.reactionAssessments).toEqual([
      { reactionId: c.reactionId, recurred: '4' },
    ]);

    const again = await withdraw(c.id, made.id, assessor, 'Twice');
    expect(again.body).toEqual(res.body);
    expect((await versionOf(c.id)).reportVersion).toBe(3);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['reason', 'details'])
      .where('entity_id', '=', c.id)
      .where('action', '=', 'report.causality_withdrawn')
      .execute();
    expect(audit).toEqual([
      {
        reason: 'Recorded on the wrong drug',
        details: {
          assessmentId: made.id,
          drugId: c.drugId,
          reactionId: c.reactionId,
          entry: { source: 'Primary source reporter', method: 'WHO-UMC', result: 'Possible' },
          takenOutOfCase: true,
        },
      },
    ]);
  });

  it('of two identical entries takes one; an entry a later save removed leaves the case as it is', async () => {
    const c = await sentIn(0);
    const assessor = await tokenFor('assessor');
    const first = (await record(c, assessor)).body;
    const second = (await record(c, assessor)).body;
    await withdraw(c.id, first.id, assessor);
    const list = await http<CausalityAssessment[]>(app.url, 'GET', `/v1/reports/${c.id}/causality`, {
      token: assessor,
    });
    expect(list.body.map((a) => [a.id, a.inCase, a.withdrawn === null])).toEqual([
      [first.id, false, false],
      [second.id, true, true],
    ]);

    // Staff save the case without the entry (the case form): the record reads as not in the case.
    const put = await http(app.url, 'PUT', `/v1/report/${c.id}`, {
      token: await tokenFor('organisation_staff'),
      body: { report: c.document },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const before = (await versionOf(c.id)).reportVersion;
    const gone = await withdraw(c.id, second.id, assessor);
    expect(gone.body).toMatchObject({ inCase: false, withdrawn: { reportVersion: null } });
    expect((await versionOf(c.id)).reportVersion).toBe(before);
  });

  it('a record whose entry a save took out leaves an identical entry of another record in the case', async () => {
    const c = await sentIn(0);
    const assessor = await tokenFor('assessor');
    const first = (await record(c, assessor)).body;
    const second = (await record(c, assessor)).body;
    // Staff save the case with one of the two equal entries: the older record keeps it.
    const kept = structuredClone(c.document) as unknown as { G: { drugs: Record<string, unknown>[] } };
    kept.G.drugs[0]!.reactionAssessments = [
      {
        reactionId: c.reactionId,
        recurred: '4',
        assessments: [{ source: 'Primary source reporter', method: 'WHO-UMC', result: 'Possible' }],
      },
    ];
    const staff = await tokenFor('organisation_staff');
    expect(
      (await http(app.url, 'PUT', `/v1/report/${c.id}`, { token: staff, body: { report: kept } })).status,
    ).toBe(200);
    const before = await versionOf(c.id);
    const gone = await withdraw(c.id, second.id, assessor);
    expect(gone.body).toMatchObject({ inCase: false, withdrawn: { reportVersion: null } });
    const after = await versionOf(c.id);
    expect(after.reportVersion).toBe(before.reportVersion);
    expect(after.report.G.drugs[0]!.reactionAssessments).toEqual(kept.G.drugs[0]!.reactionAssessments);
    const list = await http<CausalityAssessment[]>(app.url, 'GET', `/v1/reports/${c.id}/causality`, {
      token: assessor,
    });
    expect(list.body.find((a) => a.id === first.id)?.inCase).toBe(true);
  });
});

describe('who sees and records causality', () => {
  it('the neighbour organisation gets 404 for the case and for its assessment; nothing changes', async () => {
    const c = await sentIn(0);
    const made = (await record(c, await tokenFor('assessor'))).body;
    const neighbour = await tokenFor('organisation_staff', 1);
    const theirs = await sentIn(1);
    expect((await http(app.url, 'GET', `/v1/reports/${c.id}/causality`, { token: neighbour })).status).toBe(
      404,
    );
    expect((await record(c, neighbour)).status).toBe(404);
    expect((await withdraw(c.id, made.id, neighbour)).status).toBe(404);
    // Their own case with our assessment's id: not found either.
    expect((await withdraw(theirs.id, made.id, neighbour)).status).toBe(404);
    const other = await createTenant(app.db);
    expect((await record(c, await tokenFor('platform_admin', 0, other))).status).toBe(404);
    expect((await versionOf(c.id)).reportVersion).toBe(2);
    const rows = await app.db
      .selectFrom('causality_assessments')
      .select('withdrawn_at')
      .where('report_id', '=', c.id)
      .execute();
    expect(rows).toEqual([{ withdrawn_at: null }]);
  });

  it('a reporter never, not even on its own report (403)', async () => {
    const { token } = await signedIn(app, tenant, 'reporter', 0);
    const own = await sentCase(token);
    expect((await http(app.url, 'GET', `/v1/reports/${own.id}/causality`, { token })).status).toBe(403);
    expect((await record(own, token)).status).toBe(403);
    expect((await versionOf(own.id)).reportVersion).toBe(1);
  });

  it('a user of two organisations records by its role in each, and in a third sees nothing', async () => {
    const two = await signedInToTwo(app, tenant, ['assessor', 'reporter']);
    const inA = await sentIn(0);
    const inB = await sentIn(1);
    const made = await record(inA, two.token);
    expect(made.status).toBe(201);
    const row = await app.db
      .selectFrom('causality_assessments')
      .select(['organisation_id', 'created_by'])
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ organisation_id: tenant.organisationIds[0], created_by: two.user.id });
    expect((await record(inB, two.token)).status).toBe(403);
    const inC = await sentCase((await signedIn(app, two.thirdTenant, 'reporter')).token);
    expect((await record(inC, two.token)).status).toBe(404);
    expect((await withdraw(inA.id, made.body.id, two.token)).status).toBe(200);
  });
});
