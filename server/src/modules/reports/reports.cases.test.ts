import type { CaseAuditEntry, CasePage, ReportCase, RoleName } from '@vigilo/contract';
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

const app = useTestApp();
let home: TestTenant;
let foreign: TestTenant;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

type Doc = ReturnType<typeof adrCase>;
/** A case sent by a reporter of `tenant`'s organisation `org`; `change` edits the document first. */
async function sent(tenant: TestTenant, change: (doc: Doc) => void = () => {}, org: 0 | 1 = 0) {
  const doc = adrCase();
  change(doc);
  const res = await http<ReportCase>(app.url, 'POST', '/v1/report', {
    token: await tokenFor(tenant, 'reporter', org),
    body: { report: doc },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const receivedOn = (day: string) => (doc: Doc) => {
  Object.assign(doc.C, { firstReceivedDate: day, mostRecentInformationDate: day });
};
const notSerious = (doc: Doc) => {
  doc.E.reactions[0]!.hospitalisation = false;
};

const move = async (token: string, id: string, status: string, reason?: string) =>
  http<ReportCase & { code?: string; meta?: Record<string, unknown> }>(
    app.url,
    'PUT',
    `/v1/reports/${id}/status`,
    { token, body: reason ? { status, reason } : { status } },
  );
const read = async (token: string, id: string) =>
  http<ReportCase & { code?: string }>(app.url, 'GET', `/v1/reports/${id}`, { token });
const search = async (token: string, query: string) =>
  http<CasePage & { code?: string }>(app.url, 'GET', `/v1/reports?${query}`, { token });
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('GET /v1/reports/{id}', () => {
  it('shows the four criteria, seriousness, day zero and the 15-day clock of a serious case', async () => {
    const id = await sent(home);
    const res = await read(await tokenFor(home, 'organisation_staff'), id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'received',
      serious: true,
      seriousness: ['hospitalisation'],
      criteria: { patient: true, reporter: true, product: true, reaction: true, valid: true },
      clock: {
        dayZero: utcDay(),
        days: 15,
        dueDate: utcDay(15),
        daysLeft: 15,
        overdue: false,
        running: true,
      },
      assigneeUserId: null,
      deleted: null,
    });
    expect([...res.body.allowedTransitions].sort()).toEqual(['assigned', 'duplicate', 'in_triage']);
    // An administrator may also nullify.
    const admin = await read(await tokenFor(home, 'organisation_admin'), id);
    expect([...admin.body.allowedTransitions].sort()).toEqual([
      'assigned',
      'duplicate',
      'in_triage',
      'nullified',
    ]);
  });

  it('says whether the caller may edit the case: staff and administrators, not assessors, not once nullified', async () => {
    const id = await sent(home);
    const canEdit = async (role: RoleName) => (await read(await tokenFor(home, role), id)).body.canEdit;
    // Staff and administrators complete the case; an assessor reads it (decision 0260).
    expect(await canEdit('organisation_staff')).toBe(true);
    expect(await canEdit('organisation_admin')).toBe(true);
    expect(await canEdit('assessor')).toBe(false);
    await move(await tokenFor(home, 'organisation_admin'), id, 'nullified', 'Sent twice');
    expect(await canEdit('organisation_staff')).toBe(false);
    expect(await canEdit('organisation_admin')).toBe(false);
  });

  it('counts 90 days for a non-serious case and says when it is overdue', async () => {
    const id = await sent(home, (doc) => {
      notSerious(doc);
      receivedOn('2026-01-10')(doc);
    });
    const res = await read(await tokenFor(home, 'organisation_staff'), id);
    expect(res.body.serious).toBe(false);
    expect(res.body.clock).toMatchObject({
      dayZero: '2026-01-10',
      days: 90,
      dueDate: '2026-04-10',
      overdue: true,
    });
    expect(res.body.clock.daysLeft).toBeLessThan(0);
  });
});

describe('the lifecycle', () => {
  it('walks a case from received to closed, each step by a role that may make it', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const assessor = await tokenFor(home, 'assessor');
    const admin = await tokenFor(home, 'organisation_admin');
    expect((await move(staff, id, 'in_triage')).body.status).toBe('in_triage');
    // Assigned only through assignment (someone must hold it).
    expect(await move(staff, id, 'assigned')).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION' },
    });
    const me = (await sessionFor(home, 'organisation_staff')).id;
    const assigned = await http<ReportCase>(app.url, 'PUT', `/v1/report/${id}/assign/user/@me`, {
      token: staff,
    });
    expect(assigned.body).toMatchObject({ status: 'assigned', assigneeUserId: me });
    expect((await move(staff, id, 'coded')).body.status).toBe('coded');
    // Verification is a second look: not by staff, by an assessor.
    expect(await move(staff, id, 'verified')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await move(assessor, id, 'verified')).body.status).toBe('verified');
    expect((await move(staff, id, 'ready_to_submit')).body.status).toBe('ready_to_submit');
    expect((await move(staff, id, 'submitted')).body.status).toBe('submitted');
    const closed = await move(staff, id, 'closed');
    expect(closed.body).toMatchObject({ status: 'closed', clock: { running: false, daysLeft: null } });

    // A closed case goes nowhere but back to triage, by an administrator, saying why.
    const illegal = await move(admin, id, 'coded');
    expect(illegal).toMatchObject({
      status: 409,
      body: {
        code: 'INVALID_TRANSITION',
        meta: { current: 'closed', requested: 'coded', allowed: ['in_triage'] },
      },
    });
    expect(await move(staff, id, 'in_triage', 'Follow-up letter')).toMatchObject({ status: 403 });
    const noReason = await move(admin, id, 'in_triage');
    expect(noReason).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await move(admin, id, 'in_triage', 'Follow-up letter from the GP')).body.status).toBe(
      'in_triage',
    );

    // Reporters and assessors read but do not triage; an API key does not move cases.
    const other = await sent(home);
    expect(await move(await tokenFor(home, 'assessor'), other, 'in_triage')).toMatchObject({ status: 403 });
    expect(await move(await tokenFor(home, 'reporter'), other, 'in_triage')).toMatchObject({ status: 403 });
  });

  it('answers 409 naming the current status and the allowed next ones for every step the lifecycle lacks', async () => {
    // The lifecycle as issue 12 and decision 0100 write it (by hand, not read from the code).
    const next: Record<string, string[]> = {
      received: ['in_triage', 'assigned', 'duplicate', 'nullified'],
      in_triage: ['assigned', 'received', 'duplicate', 'nullified'],
      assigned: ['coded', 'in_triage', 'duplicate', 'nullified'],
      coded: ['verified', 'assigned', 'nullified'],
      verified: ['ready_to_submit', 'coded', 'nullified'],
      ready_to_submit: ['submitted', 'verified', 'nullified'],
      submitted: ['closed', 'in_triage'],
      closed: ['in_triage'],
      nullified: ['in_triage'],
      duplicate: ['in_triage'],
    };
    const all = [
      'draft',
      'received',
      'in_triage',
      'assigned',
      'coded',
      'verified',
      'ready_to_submit',
      'submitted',
      'closed',
      'nullified',
      'duplicate',
    ];
    const admin = await tokenFor(home, 'platform_admin');
    const id = await sent(home);
    let checked = 0;
    for (const [from, allowed] of Object.entries(next)) {
      await app.db.updateTable('reports').set({ status: from }).where('id', '=', id).execute();
      for (const to of all.filter((s) => !allowed.includes(s))) {
        const res = await move(admin, id, to, 'why not');
        expect(res.status, `${from} → ${to}`).toBe(409);
        expect(res.body.meta, `${from} → ${to}`).toEqual({ current: from, requested: to, allowed });
        checked++;
      }
    }
    expect(checked).toBe(10 * 11 - 26); // 26 steps in the table above
    // And a draft moves only by being sent.
    const draft = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: await tokenFor(home, 'reporter'),
      body: { report: adrCase(), status: 'draft' },
    });
    expect(await move(admin, draft.body.id, 'received')).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION', meta: { current: 'draft', allowed: [] } },
    });
  });

  it('keeps a sent case where it is when a new version arrives, and takes none once nullified', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const admin = await tokenFor(home, 'organisation_admin');
    await move(staff, id, 'in_triage');
    const edited = await http<ReportCase>(app.url, 'PUT', `/v1/report/${id}`, {
      token: staff,
      body: { report: adrCase({ narrative: 'Follow-up: the swelling came back.' }), status: 'submitted' },
    });
    expect(edited.body).toMatchObject({ status: 'in_triage', reportVersion: 2 });
    await move(admin, id, 'nullified', 'Sent twice by the same pharmacy');
    const refused = await http(app.url, 'PUT', `/v1/report/${id}`, { token: staff, body: { name: 'x' } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
  });

  it('marks a duplicate of another case of the organisation only', async () => {
    const [first, second] = [await sent(home), await sent(home)];
    const elsewhere = await sent(foreign);
    const staff = await tokenFor(home, 'organisation_staff');
    const put = (body: unknown) =>
      http(app.url, 'PUT', `/v1/reports/${second}/status`, { token: staff, body });
    expect(await put({ status: 'duplicate', reason: 'Same patient', duplicateOf: elsewhere })).toMatchObject({
      status: 400,
    });
    expect(await put({ status: 'duplicate', duplicateOf: first })).toMatchObject({ status: 400 });
    expect(
      await put({ status: 'duplicate', reason: 'Same patient, same day', duplicateOf: first }),
    ).toMatchObject({
      status: 200,
      body: { status: 'duplicate' },
    });
  });
});

describe('assignment to a user', () => {
  it('gives the case to a caseworker of its organisation, not to a reporter or a stranger', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const assessor = (await sessionFor(home, 'assessor')).id;
    const reporter = (await sessionFor(home, 'reporter')).id;
    const stranger = (await sessionFor(foreign, 'organisation_staff')).id;
    const assign = (userId: string, token = staff) =>
      http<ReportCase>(app.url, 'PUT', `/v1/report/${id}/assign/user/${userId}`, { token });
    expect(await assign(reporter)).toMatchObject({ status: 400 });
    expect(await assign(stranger)).toMatchObject({ status: 400 });
    expect(await assign(assessor, await tokenFor(home, 'assessor'))).toMatchObject({ status: 403 });
    const res = await assign(assessor);
    expect(res.body).toMatchObject({ status: 'assigned', assigneeUserId: assessor });
    expect(res.body.assignedAt).not.toBeNull();
  });
});

describe('DELETE /v1/reports/{id} and restore', () => {
  it('hides the case from every read, keeps it, and lets an administrator bring it back', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const admin = await tokenFor(home, 'organisation_admin');
    const del = await http(app.url, 'DELETE', `/v1/reports/${id}`, {
      token: staff,
      body: { reason: 'Test report sent by the pharmacy' },
    });
    expect(del.status).toBe(204);
    expect((await read(staff, id)).status).toBe(404);
    expect(
      (await http(app.url, 'PUT', `/v1/report/${id}`, { token: staff, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await move(staff, id, 'in_triage')).status).toBe(404);
    expect((await http(app.url, 'DELETE', `/v1/reports/${id}`, { token: staff })).status).toBe(404);
    const stillThere = await app.db
      .selectFrom('reports')
      .select(['id', 'deletion_reason'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stillThere).toEqual({ id, deletion_reason: 'Test report sent by the pharmacy' });

    // The deleted list is for administrators.
    expect((await search(staff, 'deleted=true')).status).toBe(403);
    const deleted = await search(admin, 'deleted=true&size=500');
    expect(deleted.body.items.map((c) => c.id)).toContain(id);
    expect((await search(admin, 'size=500')).body.items.map((c) => c.id)).not.toContain(id);

    expect((await http(app.url, 'POST', `/v1/reports/${id}/restore`, { token: staff })).status).toBe(403);
    const restored = await http<ReportCase>(app.url, 'POST', `/v1/reports/${id}/restore`, {
      token: admin,
      body: { reason: 'Deleted by mistake' },
    });
    expect(restored).toMatchObject({ status: 200, body: { id, deleted: null, status: 'received' } });
    expect((await read(staff, id)).status).toBe(200);
  });
});

describe('GET /v1/reports/{id}/audit', () => {
  it('reads as a timeline: who, when, what, old → new, why', async () => {
    const id = await sent(home);
    const staff = await signedIn(app, home, 'organisation_staff');
    const admin = await tokenFor(home, 'organisation_admin');
    await move(staff.token, id, 'in_triage');
    await move(admin, id, 'nullified', 'Not a medicine: a cosmetic');
    await http(app.url, 'DELETE', `/v1/reports/${id}`, { token: staff.token, body: { reason: 'Clean-up' } });
    await http(app.url, 'POST', `/v1/reports/${id}/restore`, { token: admin, body: { reason: 'Keep it' } });
    const res = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${id}/audit`, {
      token: staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((e) => [e.action, e.summary, e.reason])).toEqual([
      ['report.submitted', 'Report sent: nothing → received', null],
      ['report.status_changed', 'Status changed: received → in triage', null],
      ['report.status_changed', 'Status changed: in triage → nullified', 'Not a medicine: a cosmetic'],
      ['report.deleted', 'Case deleted: deleted', 'Clean-up'],
      ['report.restored', 'Case restored: deleted', 'Keep it'],
    ]);
    const person = await app.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', staff.user.id)
      .executeTakeFirstOrThrow();
    expect(res.body[1]!.actor).toEqual({
      id: staff.user.id,
      name: `${person.first_name} ${person.last_name}`,
      email: staff.user.email,
    });
    expect(res.body[1]!.changes).toEqual([{ field: 'status', old: 'received', new: 'in_triage' }]);
    expect(res.body[1]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    // Reporters do not read the audit trail.
    const reporter = await http(app.url, 'GET', `/v1/reports/${id}/audit`, {
      token: await tokenFor(home, 'reporter'),
    });
    expect(reporter.status).toBe(403);
  });
});

describe('GET /v1/reports', () => {
  it('puts open overdue work first, then by the day each clock runs out', async () => {
    const tenant = await createTenant(app.db);
    const staff = await tokenFor(tenant, 'organisation_staff');
    const late = await sent(tenant, (d) => {
      notSerious(d);
      receivedOn('2026-01-05')(d);
    });
    const seriousToday = await sent(tenant);
    const mildToday = await sent(tenant, notSerious);
    const closedLate = await sent(tenant, receivedOn('2025-12-01'));
    await app.db.updateTable('reports').set({ status: 'closed' }).where('id', '=', closedLate).execute();
    const page = await search(staff, 'size=10');
    expect(page.status).toBe(200);
    expect(page.body.items.map((c) => c.id)).toEqual([late, seriousToday, mildToday, closedLate]);
    expect(page.body.total).toBe(4);
    expect(page.body.items[0]!.clock.overdue).toBe(true);
    expect((await search(staff, 'overdue=true')).body.items.map((c) => c.id)).toEqual([late]);
    expect((await search(staff, 'serious=true&stage=open')).body.items.map((c) => c.id)).toEqual([
      seriousToday,
    ]);
    expect((await search(staff, 'status=closed,received&sort=reference')).body.total).toBe(4);
    expect((await search(staff, 'status=closed')).body.items.map((c) => c.id)).toEqual([closedLate]);
    expect(
      (await search(staff, `dateFrom=2026-01-01&dateTo=2026-01-31`)).body.items.map((c) => c.id),
    ).toEqual([late]);
  });

  it('finds words of the narrative, the reactions as reported and the medicines, whole or in part', async () => {
    const tenant = await createTenant(app.db);
    const staff = await tokenFor(tenant, 'organisation_staff');
    const rash = await sent(tenant, (d) => {
      d.H.narrative = 'After the second dose of amoxicillin a widespread urticarial rash appeared.';
      d.E.reactions[0]!.nativeTerm = 'Nettle rash';
      d.G.drugs = [{ ...d.G.drugs[0]!, name: 'Amoxicillin 500 mg capsules' }];
    });
    const swelling = await sent(tenant);
    const ids = async (q: string) =>
      (await search(staff, `query=${encodeURIComponent(q)}`)).body.items.map((c) => c.id).sort();
    expect(await ids('urticarial')).toEqual([rash]);
    expect(await ids('nettle')).toEqual([rash]);
    expect(await ids('lisinopril')).toEqual([swelling]);
    expect(await ids('angioed')).toEqual([swelling]); // part of a word: trigram
    expect(await ids('rash -amoxicillin')).toEqual([]); // web-search syntax
    expect(await ids('swallow')).toEqual([swelling]);
    expect(await ids('amoxicillin')).toEqual([rash]);
    const reference = (await read(staff, rash)).body.reference;
    expect(await ids(reference.toLowerCase())).toEqual([rash]);
  });

  it('reads a later page by key from the cursor, the same items as by offset', async () => {
    const tenant = await createTenant(app.db);
    const staff = await tokenFor(tenant, 'organisation_staff');
    for (let i = 0; i < 7; i++) await sent(tenant, i % 2 ? notSerious : () => {});
    for (const sort of ['priority', 'received', '-updated', 'reference']) {
      const first = await search(staff, `size=3&sort=${sort}`);
      expect(first.body.nextCursor).not.toBeNull();
      const byOffset = await search(staff, `size=3&page=2&sort=${sort}`);
      const byKey = await search(staff, `size=3&page=2&sort=${sort}&cursor=${first.body.nextCursor}`);
      expect(
        byKey.body.items.map((c) => c.id),
        sort,
      ).toEqual(byOffset.body.items.map((c) => c.id));
      expect(byKey.body.total).toBe(7);
      const third = await search(staff, `size=3&page=3&sort=${sort}&cursor=${byKey.body.nextCursor}`);
      expect(third.body.items).toHaveLength(1);
      expect(third.body.nextCursor).toBeNull();
    }
    expect(await search(staff, 'cursor=bm9wZQ&page=2')).toMatchObject({ status: 400 });
  });

  it('is for caseworkers and API keys, not reporters', async () => {
    expect((await search(await tokenFor(home, 'reporter'), '')).status).toBe(403);
    expect((await search(await tokenFor(home, 'assessor'), '')).status).toBe(200);
  });
});

describe('another tenant', () => {
  it('gets 404 for every case route, reading or changing, from another organisation or platform', async () => {
    const id = await sent(home);
    const callers = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const token of callers) {
      expect((await read(token, id)).status).toBe(404);
      expect((await move(token, id, 'in_triage')).status).toBe(404);
      expect((await http(app.url, 'GET', `/v1/reports/${id}/audit`, { token })).status).toBe(404);
      expect((await http(app.url, 'PUT', `/v1/report/${id}/assign/user/@me`, { token })).status).toBe(404);
      expect((await http(app.url, 'DELETE', `/v1/reports/${id}`, { token })).status).toBe(404);
      expect((await http(app.url, 'POST', `/v1/reports/${id}/restore`, { token })).status).toBe(404);
      const list = await search(token, 'size=500');
      expect(list.body.items.map((c) => c.id)).not.toContain(id);
    }
    expect((await read(await tokenFor(home, 'organisation_staff'), id)).status).toBe(200);
  });

  it('a user of two organisations sees and works the cases of both, and of no third', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'organisation_staff']);
    const inA = await sent(tenant, () => {}, 0);
    const inB = await sent(tenant, () => {}, 1);
    const inC = await (async () => {
      const { token } = await signedIn(app, two.thirdTenant, 'reporter');
      const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
        token,
        body: { report: adrCase() },
      });
      return res.body.id;
    })();
    const all = await search(two.token, 'size=500');
    expect(all.body.items.map((c) => c.id).sort()).toEqual([inA, inB].sort());
    const onlyB = await search(two.token, `organisationId=${tenant.organisationIds[1]}`);
    expect(onlyB.body.items.map((c) => c.id)).toEqual([inB]);
    // Naming the third organisation (or another platform's) as the filter finds nothing of it.
    const third = await search(two.token, `organisationId=${two.thirdOrganisationId}&size=500`);
    expect(third.body.items.map((c) => c.id)).not.toContain(inC);
    expect(third.body.total).toBe(0);
    expect((await move(two.token, inB, 'in_triage')).status).toBe(200);
    expect((await read(two.token, inC)).status).toBe(404);
    expect((await move(two.token, inC, 'in_triage')).status).toBe(404);
  });
});

describe('versions', () => {
  it('lists the versions of a case and compares two field by field', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const first = (await read(staff, id)).body.report as Doc;
    const second = structuredClone(first);
    second.H.narrative = 'Follow-up: the swelling came back after a re-challenge.';
    second.E.reactions.push({
      ...second.E.reactions[0]!,
      id: '00000000-0000-4000-8000-000000000001',
      nativeTerm: 'Hives',
    });
    const put = await http(app.url, 'PUT', `/v1/report/${id}`, { token: staff, body: { report: second } });
    expect(put.status).toBe(200);

    const versions = await http<{ latestVersion: number; versions: { version: number }[] }>(
      app.url,
      'GET',
      `/v1/reports/${id}/versions`,
      { token: staff },
    );
    expect(versions.body.latestVersion).toBe(2);
    expect(versions.body.versions.map((v) => v.version)).toEqual([1, 2]);
    const compared = await http<{ changes: { path: string; kind: string; old: unknown; new: unknown }[] }>(
      app.url,
      'GET',
      `/v1/reports/${id}/versions/compare?from=1&to=2`,
      { token: staff },
    );
    expect(compared.body.changes.map((c) => [c.path, c.kind])).toEqual([
      ['E.reactions[1]', 'added'],
      ['H.narrative', 'changed'],
    ]);
    expect(compared.body.changes[1]!.new).toBe('Follow-up: the swelling came back after a re-challenge.');
    const missing = await http(app.url, 'GET', `/v1/reports/${id}/versions/compare?from=1&to=9`, {
      token: staff,
    });
    expect(missing).toMatchObject({ status: 400, body: { meta: { fields: [{ field: 'query/to' }] } } });
    expect(
      (
        await http(app.url, 'GET', `/v1/reports/${id}/versions`, {
          token: await tokenFor(foreign, 'platform_admin'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http(app.url, 'GET', `/v1/reports/${id}/versions/compare?from=1&to=2`, {
          token: await tokenFor(home, 'organisation_admin', 1),
        })
      ).status,
    ).toBe(404);
  });

  it('links a follow-up report to the one it follows, and latestVersion lists only the newest', async () => {
    const tenant = await createTenant(app.db);
    const staff = await tokenFor(tenant, 'organisation_staff');
    const initial = await sent(tenant);
    const followUp = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: await tokenFor(tenant, 'reporter'),
      body: { report: adrCase({ narrative: 'Follow-up from the GP.' }), currentReportId: initial },
    });
    const ofInitial = await http<{ followUpReportIds: string[]; previousReportId: string | null }>(
      app.url,
      'GET',
      `/v1/reports/${initial}/versions`,
      { token: staff },
    );
    expect(ofInitial.body).toMatchObject({ followUpReportIds: [followUp.body.id], previousReportId: null });
    const ofFollowUp = await http<{ previousReportId: string | null }>(
      app.url,
      'GET',
      `/v1/reports/${followUp.body.id}/versions`,
      {
        token: staff,
      },
    );
    expect(ofFollowUp.body.previousReportId).toBe(initial);
    expect((await search(staff, 'latestVersion=true')).body.items.map((c) => c.id)).toEqual([
      followUp.body.id,
    ]);
    // Another organisation naming this case as its previous one hides nothing here.
    await http(app.url, 'POST', '/v1/report', {
      token: await tokenFor(foreign, 'reporter'),
      body: { report: adrCase(), currentReportId: followUp.body.id },
    });
    expect((await search(staff, 'latestVersion=true')).body.items.map((c) => c.id)).toEqual([
      followUp.body.id,
    ]);
  });
});

describe('GET /v1/reports/external/{extReportId}', () => {
  it("finds a case by the sender's own id, within the caller's organisations only", async () => {
    const extReportId = `GB-PHARMA-${Date.now()}`;
    const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: await tokenFor(home, 'reporter'),
      body: { report: adrCase(), extReportId },
    });
    const found = await http<ReportCase>(app.url, 'GET', `/v1/reports/external/${extReportId}`, {
      token: await tokenFor(home, 'organisation_staff'),
    });
    expect(found.body).toMatchObject({ id: res.body.id, extReportId });
    for (const token of [
      await tokenFor(home, 'organisation_staff', 1),
      await tokenFor(foreign, 'platform_admin'),
    ])
      expect((await http(app.url, 'GET', `/v1/reports/external/${extReportId}`, { token })).status).toBe(404);
    expect(
      (
        await http(app.url, 'GET', '/v1/reports/external/nobody-sent-this', {
          token: await tokenFor(home, 'organisation_staff'),
        })
      ).status,
    ).toBe(404);
  });
});
