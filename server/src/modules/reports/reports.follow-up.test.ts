import type { CaseAuditEntry, CasePage, CaseVersions, ReportCase } from '@vigilo/contract';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { sendAdrCase } from '../../../test/sent-cases.ts';

/**
 * Issue 24 §4 (decision 0250): a reporter's change to a report already sent is follow-up
 * information, never a rewrite of the case; reserved sources and upload types are the system's.
 */

const app = useTestApp();

type Doc = ReturnType<typeof import('../../../test/case-documents.ts').adrCase>;
const today = () => new Date().toISOString().slice(0, 10);

const getCase = (token: string, id: string) =>
  http<ReportCase>(app.url, 'GET', `/v1/reports/${id}`, { token });
const put = (token: string, id: string, body: unknown) =>
  http<ReportCase & { code?: string; meta?: { fields?: { field: string }[] } }>(
    app.url,
    'PUT',
    `/v1/report/${id}`,
    { token, body },
  );

/** Moves a case along the lifecycle as `token` (an organisation administrator). */
async function move(token: string, id: string, statuses: string[]) {
  for (const status of statuses) {
    const res = await http(app.url, 'PUT', `/v1/reports/${id}/status`, { token, body: { status } });
    if (res.status !== 200) throw new Error(`${status}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A reporter's case made ready to submit by the administrator, who also wrote a comment in H. */
async function readyWithStaffWork(tenant: TestTenant) {
  const reporter = await signedIn(app, tenant, 'reporter');
  const admin = await signedIn(app, tenant, 'organisation_admin');
  const sent = await sendAdrCase(app, reporter.token);
  await http(app.url, 'PUT', `/v1/report/${sent.id}/assign/user/@me`, { token: admin.token });
  const staffDocument = {
    ...sent.document,
    H: { ...sent.document.H, senderComments: 'Known class effect of ACE inhibitors' },
  };
  const edit = await put(admin.token, sent.id, { report: staffDocument });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  await move(admin.token, sent.id, ['coded', 'verified', 'ready_to_submit']);
  return { reporter, admin, sent };
}

const narrativeOf = (c: ReportCase) => (c.report as Doc).H.narrative;

describe('PUT /v1/report/{id} by the reporter of a sent report: follow-up information', () => {
  it('lays the change over the case as a new version from the reporter, back to triage, marked in the inbox', async () => {
    const tenant = await createTenant(app.db);
    const { reporter, admin, sent } = await readyWithStaffWork(tenant);
    const before = await getCase(admin.token, sent.id);
    expect(before.body.status).toBe('ready_to_submit');
    expect(before.body.reportVersion).toBe(2);

    // The reporter sends what they sent before, with a new sentence in the narrative.
    const followUp = {
      ...sent.document,
      H: { ...sent.document.H, narrative: 'Swelling of the lips and tongue. It came back a week later.' },
    };
    const res = await put(reporter.token, sent.id, { report: followUp });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const after = (await getCase(admin.token, sent.id)).body;
    expect(after.status).toBe('in_triage');
    expect(after.reportVersion).toBe(3);
    expect(after.attention).toMatchObject({ kind: 'new_information' });
    const H = (after.report as Doc & { H: { senderComments?: string } }).H;
    // The reporter's words arrived; staff's comment stayed.
    expect(narrativeOf(after)).toBe('Swelling of the lips and tongue. It came back a week later.');
    expect(H.senderComments).toBe('Known class effect of ACE inhibitors');
    expect((after.report as { C: { mostRecentInformationDate: string } }).C.mostRecentInformationDate).toBe(
      today(),
    );
    expect(after.clock.running).toBe(true);

    const versions = await http<Static<typeof CaseVersions>>(
      app.url,
      'GET',
      `/v1/reports/${sent.id}/versions`,
      {
        token: admin.token,
      },
    );
    expect(versions.body.versions.map((v) => [v.version, v.fromReporter])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);

    const inbox = await http<CasePage>(app.url, 'GET', '/v1/reports?attention=new_information', {
      token: admin.token,
    });
    expect(inbox.body.items.map((c) => [c.id, c.attention?.kind])).toEqual([[sent.id, 'new_information']]);

    const history = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${sent.id}/audit`, {
      token: admin.token,
    });
    const entry = history.body.find((e) => e.action === 'report.follow_up_received');
    expect(entry).toMatchObject({
      reason: 'New information from the reporter',
      reasonCode: 'follow_up',
      summary: 'New information from the reporter: ready to submit → in triage',
      actor: { id: reporter.user.id },
    });

    // Moving the case on takes the information in: the mark goes.
    await http(app.url, 'PUT', `/v1/report/${sent.id}/assign/user/@me`, { token: admin.token });
    expect((await getCase(admin.token, sent.id)).body.attention).toMatchObject({ kind: 'new_information' });
    await move(admin.token, sent.id, ['coded']);
    expect((await getCase(admin.token, sent.id)).body.attention).toBeNull();
  });

  it('a case not triaged yet stays received; staff editing a sent case keep its status', async () => {
    const tenant = await createTenant(app.db);
    const reporter = await signedIn(app, tenant, 'reporter');
    const staff = await signedIn(app, tenant, 'organisation_staff');
    const sent = await sendAdrCase(app, reporter.token);
    const res = await put(reporter.token, sent.id, {
      report: { ...sent.document, H: { ...sent.document.H, narrative: 'More: it lasted two days.' } },
    });
    expect(res.status).toBe(200);
    const c = (await getCase(staff.token, sent.id)).body;
    expect([c.status, c.reportVersion, c.attention?.kind]).toEqual(['received', 2, 'new_information']);

    await move(staff.token, sent.id, ['in_triage']);
    const edit = await put(staff.token, sent.id, { report: c.report });
    expect(edit.status).toBe(200);
    const again = (await getCase(staff.token, sent.id)).body;
    expect([again.status, again.reportVersion, again.attention]).toEqual(['in_triage', 3, null]);
  });

  it('refuses a change to a closed case with 409, nothing stored', async () => {
    const tenant = await createTenant(app.db);
    const reporter = await signedIn(app, tenant, 'reporter');
    const admin = await signedIn(app, tenant, 'organisation_admin');
    const sent = await sendAdrCase(app, reporter.token);
    await app.db.updateTable('reports').set({ status: 'closed' }).where('id', '=', sent.id).execute();
    const res = await put(reporter.token, sent.id, {
      report: { ...sent.document, H: { ...sent.document.H, narrative: 'Changed' } },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_TRANSITION');
    const c = (await getCase(admin.token, sent.id)).body;
    expect([c.status, c.reportVersion, narrativeOf(c)]).toEqual(['closed', 1, sent.document.H.narrative]);
  });

  it('answers 404 to reporters of another organisation and another platform, and changes nothing', async () => {
    const tenant = await createTenant(app.db);
    const elsewhere = await createTenant(app.db);
    const { admin, sent } = await readyWithStaffWork(tenant);
    for (const stranger of [
      await signedIn(app, tenant, 'reporter', 1),
      await signedIn(app, elsewhere, 'reporter'),
      await signedIn(app, elsewhere, 'organisation_admin'),
    ]) {
      const res = await put(stranger.token, sent.id, { report: sent.document });
      expect(res.status).toBe(404);
    }
    const c = (await getCase(admin.token, sent.id)).body;
    expect([c.status, c.reportVersion, c.attention]).toEqual(['ready_to_submit', 2, null]);
  });

  it("a user of two organisations: their own report in A is follow-up, though they are staff in B; B's cases are not theirs", async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['reporter', 'organisation_staff']);
    const admin = await signedIn(app, tenant, 'organisation_admin');
    const own = await sendAdrCase(app, two.token);
    await http(app.url, 'PUT', `/v1/report/${own.id}/assign/user/@me`, { token: admin.token });
    const res = await put(two.token, own.id, {
      report: { ...own.document, H: { ...own.document.H, narrative: 'One more detail' } },
    });
    expect(res.status).toBe(200);
    const c = (await getCase(admin.token, own.id)).body;
    expect([c.status, c.attention?.kind]).toEqual(['in_triage', 'new_information']);

    // A case of the third organisation of the platform, where the user has nothing: 404.
    const third = await signedIn(app, two.thirdTenant, 'reporter');
    const theirs = await sendAdrCase(app, third.token);
    expect((await put(two.token, theirs.id, { report: theirs.document })).status).toBe(404);
  });
});

describe('source and uploadType reserved to the system', () => {
  it('refuses "XML import" and "anonymous" from a caller with 400 naming the field, storing nothing', async () => {
    const tenant = await createTenant(app.db);
    const reporter = await signedIn(app, tenant, 'reporter');
    const sent = await sendAdrCase(app, reporter.token);
    for (const [body, field] of [
      [{ source: 'XML import' }, 'body/source'],
      [{ source: 'anonymous' }, 'body/source'],
      [{ source: ' xml IMPORT ' }, 'body/source'],
      [{ uploadType: 'anonymous' }, 'body/uploadType'],
    ] as const) {
      const created = await http<{ code: string; meta: { fields: { field: string }[] } }>(
        app.url,
        'POST',
        '/v1/report',
        { token: reporter.token, body: { report: sent.document, ...body } },
      );
      expect(created.status).toBe(400);
      expect(created.body.code).toBe('VALIDATION_FAILED');
      expect(created.body.meta.fields.map((f) => f.field)).toEqual([field]);
      const changed = await put(reporter.token, sent.id, { report: sent.document, ...body });
      expect(changed.status).toBe(400);
      expect(changed.body.meta?.fields?.map((f) => f.field)).toEqual([field]);
    }
    const c = (await getCase((await signedIn(app, tenant, 'organisation_admin')).token, sent.id)).body;
    expect([c.source, c.uploadType, c.reportVersion]).toEqual([null, 'auth', 1]);
    // Other values pass.
    const fine = await http(app.url, 'POST', '/v1/report', {
      token: reporter.token,
      body: { report: sent.document, source: 'Pharmacy', uploadType: 'public' },
    });
    expect(fine.status).toBe(201);
  });

  it('lets a PUT repeat the value a report already holds (an imported case edited by staff)', async () => {
    const tenant = await createTenant(app.db);
    const admin = await signedIn(app, tenant, 'organisation_admin');
    const sent = await sendAdrCase(app, admin.token);
    await app.db.updateTable('reports').set({ source: 'XML import' }).where('id', '=', sent.id).execute();
    const res = await put(admin.token, sent.id, { report: sent.document, source: 'XML import' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
