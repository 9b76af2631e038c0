import type { RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  createUser,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

/**
 * Case rules with an input only that rule refuses (issue 27): each of these went unnoticed
 * when broken on purpose. The expected answers are written here by hand.
 */
let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(home, role, organisation)).token;

type Case = {
  id: string;
  status: string;
  assigneeUserId: string | null;
  clock: { dayZero: string | null; dueDate: string | null; daysLeft: number | null; overdue: boolean };
  code?: string;
};

/** A UTC day `offset` days from today, as YYYY-MM-DD. */
const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A serious case (hospitalisation) of organisation A sent by a reporter, with C.1.4 and C.1.5 given. */
async function sent(dates: { first?: string; latest?: string } = {}) {
  const report = adrCase();
  Object.assign(report.C, {
    ...(dates.first ? { firstReceivedDate: dates.first } : {}),
    ...(dates.latest ? { mostRecentInformationDate: dates.latest } : {}),
  });
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor('reporter'),
    body: { report, organisationId: home.organisationIds[0] },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const call = async (token: string, method: string, path: string, body?: unknown) =>
  http<Case>(app.url, method, path, { token, body });
const caseOf = async (id: string) =>
  (await call(await tokenFor('organisation_staff'), 'GET', `/v1/reports/${id}`)).body;

describe('assigning a case', () => {
  it('refuses a caseworker of another organisation of the same platform, and changes nothing', async () => {
    const id = await sent();
    const staffOfB = await sessionFor(home, 'organisation_staff', 1);
    const res = await call(
      await tokenFor('organisation_staff'),
      'PUT',
      `/v1/report/${id}/assign/user/${staffOfB.id}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await caseOf(id)).toMatchObject({ status: 'received', assigneeUserId: null });
  });

  it('refuses a deactivated caseworker of the organisation, and changes nothing', async () => {
    const id = await sent();
    const gone = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
      deactivated: true,
    });
    const res = await call(
      await tokenFor('organisation_staff'),
      'PUT',
      `/v1/report/${id}/assign/user/${gone.id}`,
    );
    expect(res.status).toBe(400);
    expect(await caseOf(id)).toMatchObject({ status: 'received', assigneeUserId: null });
  });

  it('gives the case to an active caseworker of the organisation (the same call, the right user)', async () => {
    const id = await sent();
    const colleague = await sessionFor(home, 'assessor');
    const res = await call(
      await tokenFor('organisation_staff'),
      'PUT',
      `/v1/report/${id}/assign/user/${colleague.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'assigned', assigneeUserId: colleague.id });
  });
});

describe("the inbox's assignee filter", () => {
  it('lists only the cases of the user named, none for @me when none is theirs, and unassigned ones for none', async () => {
    const staff = await sessionFor(home, 'organisation_staff');
    const mine = await sent();
    const nobodys = await sent();
    await call(staff.token, 'PUT', `/v1/report/${mine}/assign/user/@me`);
    const ids = async (assignee: string) =>
      (
        await http<{ items: { id: string }[] }>(app.url, 'GET', `/v1/reports?assignee=${assignee}&size=100`, {
          token: staff.token,
        })
      ).body.items.map((c) => c.id);
    const forMe = await ids('@me');
    expect(forMe).toContain(mine);
    expect(forMe).not.toContain(nobodys);
    expect(await ids(staff.id)).toEqual(forMe);
    const unassigned = await ids('none');
    expect(unassigned).toContain(nobodys);
    expect(unassigned).not.toContain(mine);
  });
});

describe('the regulatory clock', () => {
  it('starts on the latest information (C.1.5), not the first receipt (C.1.4)', async () => {
    const id = await sent({ first: utcDay(-30), latest: utcDay(-3) });
    // Serious: 15 days from day zero.
    expect((await caseOf(id)).clock).toMatchObject({
      dayZero: utcDay(-3),
      dueDate: utcDay(12),
      daysLeft: 12,
    });
  });

  it('is not overdue on its due day, and is the day after', async () => {
    const dueToday = await sent({ first: utcDay(-15), latest: utcDay(-15) });
    const dueTomorrow = await sent({ first: utcDay(-14), latest: utcDay(-14) });
    const dueYesterday = await sent({ first: utcDay(-16), latest: utcDay(-16) });
    expect((await caseOf(dueTomorrow)).clock).toMatchObject({
      dueDate: utcDay(1),
      daysLeft: 1,
      overdue: false,
    });
    expect((await caseOf(dueToday)).clock).toMatchObject({ dueDate: utcDay(0), daysLeft: 0, overdue: false });
    expect((await caseOf(dueYesterday)).clock).toMatchObject({
      dueDate: utcDay(-1),
      daysLeft: -1,
      overdue: true,
    });
    const overdue = (
      await http<{ items: { id: string }[] }>(app.url, 'GET', '/v1/reports?overdue=true&size=100', {
        token: await tokenFor('organisation_staff'),
      })
    ).body.items.map((c) => c.id);
    expect(overdue).toContain(dueYesterday);
    expect(overdue).not.toContain(dueToday);
    expect(overdue).not.toContain(dueTomorrow);
  });
});

describe('nullifying a case', () => {
  it('needs a reason: without one, 400 naming body/reason and the case unchanged', async () => {
    const id = await sent();
    const admin = await tokenFor('organisation_admin');
    const res = await http<{ code: string; meta: unknown }>(app.url, 'PUT', `/v1/reports/${id}/status`, {
      token: admin,
      body: { status: 'nullified' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.meta)).toContain('reason');
    expect((await caseOf(id)).status).toBe('received');
    const done = await call(admin, 'PUT', `/v1/reports/${id}/status`, {
      status: 'nullified',
      reason: 'Sent by mistake',
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('nullified');
  });
});
