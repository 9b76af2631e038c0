import type { Report, ReportValidation, RoleName } from '@vigilo/contract';
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

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

/** Reference numbers as decision 0077 describes them: 4 + 4 + check, no look-alike characters. */
const REFERENCE = /^[ACDEFHJKMNPRTXY3479]{4}-[ACDEFHJKMNPRTXY3479]{4}-[ACDEFHJKMNPRTXY3479]$/;

async function send(
  token: string | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return http<
    Report & { code?: string; meta?: { fields: { field: string; reason: string; message: string }[] } }
  >(app.url, 'POST', '/v1/report', { token, body, headers });
}

const countReports = async (organisationId: string) =>
  Number(
    (
      await app.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /v1/report', () => {
  it('stores a complete report: reference, version 1 of the document, search columns, audit, confirmation email', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await signedIn(app, tenant, 'reporter');
    const res = await send(token, { report: adrCase(), source: 'web' });
    expect(res.status).toBe(201);
    const report = res.body;
    expect(report.reference).toMatch(REFERENCE);
    expect(report).toMatchObject({
      organisationId: tenant.organisationIds[0],
      platformId: tenant.platformId,
      status: 'received',
      anonymous: false,
      reporterUserId: user.id,
      uploadType: 'auth',
      source: 'web',
      reportType: '1',
      serious: true,
      seriousness: ['hospitalisation'],
      country: 'GB',
      reportVersion: 1,
      version: 1,
    });
    // Received today: C.1.4 and C.1.5 filled in by the receiver, and the receipt date column from them.
    const today = new Date().toISOString().slice(0, 10);
    expect(report.receiptDate).toBe(today);
    expect((report.report as { C: Record<string, unknown> }).C).toMatchObject({
      firstReceivedDate: today,
      mostRecentInformationDate: today,
    });
    expect(res.headers.get('etag')).toBe('"1"');

    const versions = await app.db
      .selectFrom('report_versions')
      .selectAll()
      .where('report_id', '=', report.id)
      .execute();
    expect(versions).toHaveLength(1);
    expect((versions[0]!.document as { H: { narrative: string } }).H.narrative).toContain('lisinopril');

    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', report.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['report.submitted']);
    expect(audit[0]!.actor_user_id).toBe(user.id);

    const mail = await app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('template', '=', 'report.received')
      .where('recipient', '=', user.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`We have received your report ${report.reference}`);
    expect(mail[0]!.body_text).toContain(report.reference);
  });

  it('answers every problem at once, naming each field in words, and stores nothing', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const report = adrCase();
    const bad = {
      ...report,
      C: { ...report.C, reportType: '9' },
      D: { ...report.D, sex: 'female', name: { nullFlavor: 'PERHAPS' } },
      E: { reactions: [{ ...report.E.reactions[0]!, startDate: 'last Tuesday', nativeTerm: '' }] },
      G: { drugs: [{ ...report.G.drugs[0]!, colour: 'white' }] },
    };
    const res = await send(token, { report: bad });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = res.body.meta!.fields;
    expect(fields.map((f) => [f.field, f.reason]).sort()).toEqual(
      [
        ['body/report/C/reportType', 'choice'],
        ['body/report/D/name', 'choice'],
        ['body/report/D/sex', 'choice'],
        ['body/report/E/reactions/0/nativeTerm', 'tooShort'],
        ['body/report/E/reactions/0/startDate', 'format'],
        ['body/report/G/drugs/0/colour', 'notAllowed'],
      ].sort(),
    );
    const startDate = fields.find((f) => f.field.endsWith('startDate'))!;
    expect(startDate.message).toBe(
      'Reaction 1, start date: give the date as a year, a month or a day, for example 2024, 2024-03 or 2024-03-07',
    );
    expect(await countReports(tenant.organisationIds[0])).toBe(0);
  });

  it('refuses to send a report missing the four criteria of a valid report, all four named', async () => {
    const tenant = await createTenant(app.db);
    const key = await http<{ key: string }>(app.url, 'POST', '/v1/api-keys', {
      token: await tokenFor(tenant, 'organisation_admin'),
      body: { name: 'Intake' },
    });
    // An application is no identifiable reporter by itself.
    const res = await send(key.body.key, { report: { schemaVersion: 1, C: {} } });
    expect(res.status).toBe(400);
    expect(res.body.meta!.fields.map((f) => f.field).sort()).toEqual([
      'body/report/C/primarySources',
      'body/report/D',
      'body/report/E/reactions',
      'body/report/G/drugs',
    ]);
    expect(res.body.meta!.fields.every((f) => f.reason === 'required')).toBe(true);
    // The same case with the four present is taken from the application.
    const ok = await send(key.body.key, { report: adrCase() });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ reporterUserId: null, organisationId: tenant.organisationIds[0] });
  });

  it('refuses bad input with 400 and the error shape, storing nothing', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const cases: unknown[] = [
      { report: 'a string' },
      { report: adrCase(), status: 'sent' },
      { report: adrCase(), organisationId: 'not-a-uuid' },
      { report: adrCase(), unknownField: true },
      { report: adrCase(), attachmentFields: [{ hasFile: 'maybe' }] },
      { report: adrCase(), reportXML: '<ichicsr/>' },
    ];
    for (const body of cases) {
      const res = await http<{ code: string; statusCode: number; meta: { fields: unknown[] } }>(
        app.url,
        'POST',
        '/v1/report',
        { token, body },
      );
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'message', 'meta', 'statusCode']);
      expect(res.body.meta.fields.length).toBeGreaterThan(0);
    }
    const malformed = await http(app.url, 'POST', '/v1/report', { token, raw: '{"report": ' });
    expect(malformed.status).toBe(400);
    expect(await countReports(tenant.organisationIds[0])).toBe(0);
  });

  it('gives every report of a platform its own reference', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(token, { report: adrCase() })));
    const references = answers.map((a) => a.body.reference);
    expect(new Set(references).size).toBe(12);
    for (const reference of references) expect(reference).toMatch(REFERENCE);
  });
});

describe('drafts', () => {
  it('a draft saved on one device is resumed, sent and checked from a second sign-in of the same reporter', async () => {
    const tenant = await createTenant(app.db);
    const first = await signedIn(app, tenant, 'reporter');
    const partial = {
      schemaVersion: 1,
      C: {},
      E: { reactions: [{ id: adrCase().E.reactions[0]!.id, nativeTerm: 'Rash' }] },
    };
    const draft = await send(first.token, { report: partial, status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      status: 'draft',
      submittedAt: null,
      receiptDate: null,
      reportVersion: 1,
    });

    // A second session of the same account (another device).
    const login = await http<{ token: string }>(app.url, 'POST', '/v1/login', {
      body: { email: first.user.email, password: first.user.password, platformId: tenant.platformId },
    });
    expect(login.status).toBe(200);
    const second = login.body.token;
    const check = await http<ReportValidation>(app.url, 'GET', `/v1/report/validate/${draft.body.id}`, {
      token: second,
    });
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.fields.map((f) => f.field).sort()).toEqual(['body/report/D', 'body/report/G/drugs']);

    // Sending it incomplete is refused with the same findings, and changes nothing.
    const refused = await http<{ meta: { fields: { field: string }[] } }>(
      app.url,
      'PUT',
      `/v1/report/${draft.body.id}`,
      { token: second, body: { status: 'submitted' } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.meta.fields).toEqual(check.body.fields);

    const saved = await http<Report>(app.url, 'PUT', `/v1/report/${draft.body.id}`, {
      token: second,
      body: { report: adrCase(), status: 'draft' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'draft', reportVersion: 2, version: 2 });
    const sent = await http<Report>(app.url, 'PUT', `/v1/report/${draft.body.id}`, {
      token: first.token,
      headers: { 'if-match': '"2"' },
      body: { status: 'submitted' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'received',
      reportVersion: 3,
      reference: draft.body.reference,
    });
    expect(sent.body.submittedAt).not.toBeNull();
    const valid = await http<ReportValidation>(app.url, 'GET', `/v1/report/validate/${draft.body.id}`, {
      token: second,
    });
    expect(valid.body).toMatchObject({ valid: true, fields: [], status: 'received' });

    // A sent report is not a draft: not deleted here, never a draft again.
    const del = await http(app.url, 'DELETE', `/v1/report/draft/${draft.body.id}`, { token: second });
    expect(del).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
    const back = await http(app.url, 'PUT', `/v1/report/${draft.body.id}`, {
      token: second,
      body: { status: 'draft' },
    });
    expect(back).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', draft.body.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'report.draft_saved',
      'report.updated',
      'report.submitted',
    ]);
    const versions = await app.db
      .selectFrom('report_versions')
      .select('version')
      .where('report_id', '=', draft.body.id)
      .execute();
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });

  it('a stale If-Match is refused with 412 and the report as it is now', async () => {
    const { token } = await signedIn(app, home, 'reporter');
    const draft = await send(token, { report: { schemaVersion: 1, C: {} }, status: 'draft' });
    await http(app.url, 'PUT', `/v1/report/${draft.body.id}`, { token, body: { name: 'First edit' } });
    const stale = await http<{ code: string; meta: { currentVersion: number } }>(
      app.url,
      'PUT',
      `/v1/report/${draft.body.id}`,
      { token, headers: { 'if-match': '"1"' }, body: { name: 'Second edit' } },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.meta.currentVersion).toBe(2);
  });

  it('deletes a draft: gone with its versions, audited', async () => {
    const { token } = await signedIn(app, home, 'reporter');
    const draft = await send(token, { report: { schemaVersion: 1, C: {} }, status: 'draft' });
    const del = await http(app.url, 'DELETE', `/v1/report/draft/${draft.body.id}`, { token });
    expect(del.status).toBe(204);
    expect(await http(app.url, 'GET', `/v1/report/validate/${draft.body.id}`, { token })).toMatchObject({
      status: 404,
    });
    const versions = await app.db
      .selectFrom('report_versions')
      .select('version')
      .where('report_id', '=', draft.body.id)
      .execute();
    expect(versions).toEqual([]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', draft.body.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['report.draft_deleted', 'report.draft_saved']);
  });
});

describe('tenancy', () => {
  it('another organisation and another platform get 404 on read and change; a colleague reporter 403', async () => {
    const { token } = await signedIn(app, home, 'reporter');
    const draft = await send(token, { report: { schemaVersion: 1, C: {} }, status: 'draft' });
    const id = draft.body.id;
    const callers = {
      otherOrganisation: await tokenFor(home, 'organisation_admin', 1),
      otherPlatform: await tokenFor(foreign, 'organisation_admin'),
      otherPlatformAdmin: await tokenFor(foreign, 'platform_admin'),
    };
    for (const [who, caller] of Object.entries(callers)) {
      for (const [method, path, body] of [
        ['GET', `/v1/report/validate/${id}`, undefined],
        ['PUT', `/v1/report/${id}`, { name: 'x' }],
        ['DELETE', `/v1/report/draft/${id}`, undefined],
      ] as const) {
        const res = await http<{ code: string }>(app.url, method, path, { token: caller, body });
        expect([who, method, res.status, res.body.code]).toEqual([who, method, 404, 'NOT_FOUND']);
      }
    }
    // Sending to an organisation of another platform, or one the caller does not belong to: 404.
    const elsewhere = await send(token, { report: adrCase(), organisationId: foreign.organisationIds[0] });
    expect(elsewhere.status).toBe(404);
    const colleague = await tokenFor(home, 'reporter');
    const peek = await http(app.url, 'GET', `/v1/report/validate/${id}`, { token: colleague });
    expect(peek.status).toBe(403);
  });

  it('a user of two organisations: staff in B sees B reports; reporter in A only its own; nothing of C', async () => {
    const tenant = await createTenant(app.db);
    const both = await signedInToTwo(app, tenant, ['reporter', 'organisation_staff']);
    const inB = await send(await tokenFor(tenant, 'reporter', 1), { report: adrCase() });
    const inA = await send(await tokenFor(tenant, 'reporter', 0), { report: adrCase() });
    const inC = await send((await signedIn(app, both.thirdTenant, 'reporter')).token, { report: adrCase() });
    expect([inA.status, inB.status, inC.status]).toEqual([201, 201, 201]);
    const validate = (id: string) => http(app.url, 'GET', `/v1/report/validate/${id}`, { token: both.token });
    expect((await validate(inB.body.id)).status).toBe(200);
    expect((await validate(inA.body.id)).status).toBe(403);
    expect((await validate(inC.body.id)).status).toBe(404);
    // Its own report, sent to B (where it is staff) or A (where it reports).
    const own = await send(both.token, { report: adrCase(), organisationId: tenant.organisationIds[1] });
    expect(own.body.organisationId).toBe(tenant.organisationIds[1]);
    expect(
      (await send(both.token, { report: adrCase(), organisationId: both.thirdOrganisationId })).status,
    ).toBe(404);
  });
});

describe('follow-up links of a new report', () => {
  it('names only a report the sender can read, of the same organisation, and a member as follow-up user', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await signedIn(app, tenant, 'reporter');
    const mine = await send(token, { report: adrCase() });
    const colleague = await send(await tokenFor(tenant, 'reporter'), { report: adrCase() });
    const otherOrganisation = await send(await tokenFor(tenant, 'reporter', 1), { report: adrCase() });
    const otherPlatform = await send(await tokenFor(foreign, 'reporter'), { report: adrCase() });
    expect([mine, colleague, otherOrganisation, otherPlatform].map((r) => r.status)).toEqual([
      201, 201, 201, 201,
    ]);

    const followUp = await send(token, { report: adrCase(), currentReportId: mine.body.id });
    expect(followUp.status).toBe(201);
    const before = await countReports(tenant.organisationIds[0]);
    for (const id of [
      colleague.body.id,
      otherOrganisation.body.id,
      otherPlatform.body.id,
      crypto.randomUUID(),
    ]) {
      const res = await send(token, { report: adrCase(), currentReportId: id });
      expect([res.status, res.body.code, res.body.meta?.fields.map((f) => f.field)]).toEqual([
        400,
        'VALIDATION_FAILED',
        ['body/currentReportId'],
      ]);
    }
    const stranger = await send(token, {
      report: adrCase(),
      followUpUserId: (await signedIn(app, foreign, 'reporter')).user.id,
    });
    expect([stranger.status, stranger.body.meta?.fields.map((f) => f.field)]).toEqual([
      400,
      ['body/followUpUserId'],
    ]);
    expect((await send(token, { report: adrCase(), followUpUserId: user.id })).status).toBe(201);
    expect(await countReports(tenant.organisationIds[0])).toBe(before + 1);
  });
});

describe('GET /v1/report/validate/type/{type}', () => {
  it('lists the checks: form only for a draft, form and the four criteria to send', async () => {
    const draft = await http<{ rules: { rule: string }[] }>(app.url, 'GET', '/v1/report/validate/type/draft');
    expect(draft.body.rules.map((r) => r.rule)).toEqual(['form', 'formVersion']);
    const sent = await http<{ rules: { rule: string }[] }>(
      app.url,
      'GET',
      '/v1/report/validate/type/submitted',
    );
    expect(sent.body.rules.map((r) => r.rule)).toEqual([
      'form',
      'formVersion',
      'identifiablePatient',
      'identifiableReporter',
      'suspectProduct',
      'reaction',
    ]);
    expect((await http(app.url, 'GET', '/v1/report/validate/type/other')).status).toBe(400);
  });
});
