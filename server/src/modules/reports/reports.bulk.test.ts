import type { BulkCaseResult, CaseAuditEntry, ReportCase, RoleName } from '@vigilo/contract';
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
 * The worklist's bulk bar (issue 25 item 3, decision 0286): each chosen case moved or assigned
 * on its own, what was refused said per case, the neighbour's cases untouched and reported as
 * not found. The lifecycle steps expected here are the table of decision 0100, by hand.
 */
let home: TestTenant;
let neighbour: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, neighbour] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, org: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, org)).token;

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[] } };

async function sent(tenant: TestTenant, org: 0 | 1 = 0): Promise<string> {
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor(tenant, 'reporter', org),
    body: { report: adrCase() },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const bulkMove = (token: string, body: Record<string, unknown>) =>
  http<Answer<BulkCaseResult>>(app.url, 'POST', '/v1/reports/bulk/status', { token, body });
const bulkAssign = (token: string, body: Record<string, unknown>) =>
  http<Answer<BulkCaseResult>>(app.url, 'POST', '/v1/reports/bulk/assign', { token, body });
const statusOf = async (token: string, id: string) =>
  (await http<ReportCase>(app.url, 'GET', `/v1/reports/${id}`, { token })).body.status;
const moves = async (token: string, id: string) =>
  (await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${id}/audit`, { token })).body.filter(
    (a) => a.action === 'report.status_changed',
  ).length;
const refusal = (result: BulkCaseResult, id: string) => result.results.find((r) => r.id === id);

describe('POST /v1/reports/bulk/status', () => {
  it('moves each case it may, and says per case what was refused and why', async () => {
    const staff = await tokenFor(home, 'organisation_staff');
    const [fresh, triaged, coded] = [await sent(home), await sent(home), await sent(home)];
    expect(
      (
        await http(app.url, 'PUT', `/v1/reports/${triaged}/status`, {
          token: staff,
          body: { status: 'in_triage' },
        })
      ).status,
    ).toBe(200);
    await http(app.url, 'POST', `/v1/report/${coded}/assign`, { token: staff, body: {} });
    expect(
      (await http(app.url, 'PUT', `/v1/reports/${coded}/status`, { token: staff, body: { status: 'coded' } }))
        .status,
    ).toBe(200);
    const theirs = await sent(neighbour);
    const nobody = '00000000-0000-4000-8000-0000000000aa';

    const res = await bulkMove(staff, { ids: [fresh, triaged, coded, theirs, nobody], status: 'in_triage' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: 1, unchanged: 1, refused: 3 });
    // One answer per id, in the order asked.
    expect(res.body.results.map((r) => [r.id, r.outcome, r.status])).toEqual([
      [fresh, 'changed', 'in_triage'],
      [triaged, 'unchanged', 'in_triage'],
      [coded, 'refused', 'coded'],
      [theirs, 'refused', null],
      [nobody, 'refused', null],
    ]);
    // Coded → in triage is no step of the lifecycle: the single route's 409, with what it may become.
    expect(refusal(res.body, coded)!.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      statusCode: 409,
      meta: { current: 'coded', requested: 'in_triage', allowed: ['verified', 'assigned', 'nullified'] },
    });
    expect(refusal(res.body, coded)!.reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
    // The neighbour's case: not found, its reference not said, and untouched.
    for (const id of [theirs, nobody])
      expect(refusal(res.body, id)).toMatchObject({
        reference: null,
        error: { code: 'NOT_FOUND', statusCode: 404 },
      });
    const neighbourStaff = await tokenFor(neighbour, 'organisation_staff');
    expect(await statusOf(neighbourStaff, theirs)).toBe('received');
    expect(await moves(neighbourStaff, theirs)).toBe(0);
    // Each move its own audit row; nothing written for the unchanged or refused ones.
    expect(await moves(staff, fresh)).toBe(1);
    expect(await moves(staff, triaged)).toBe(1);
    expect(await moves(staff, coded)).toBe(1);

    // The same request again (a retry) changes nothing more.
    const again = await bulkMove(staff, { ids: [fresh, triaged], status: 'in_triage' });
    expect(again.body).toMatchObject({ changed: 0, unchanged: 2, refused: 0 });
    expect(await moves(staff, fresh)).toBe(1);
  });

  it('asks the reason the lifecycle asks, per case, and keeps it in each audit row', async () => {
    const admin = await tokenFor(home, 'organisation_admin');
    const ids = [await sent(home), await sent(home)];
    const bare = await bulkMove(admin, { ids, status: 'nullified' });
    expect(bare.body).toMatchObject({ changed: 0, refused: 2 });
    for (const r of bare.body.results)
      expect(r.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        meta: { fields: [{ field: 'body/reason' }] },
      });
    const given = await bulkMove(admin, { ids, status: 'nullified', reason: 'Test reports from training' });
    expect(given.body).toMatchObject({ changed: 2, refused: 0 });
    const audit = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${ids[1]}/audit`, {
      token: admin,
    });
    expect(audit.body.find((a) => a.action === 'report.status_changed')).toMatchObject({
      reason: 'Test reports from training',
    });
  });

  it('refuses per case a step the role does not take, and a reporter altogether', async () => {
    const ids = [await sent(home), await sent(home)];
    // Triage is staff's step (decision 0100): an assessor is answered, each case refused.
    const assessor = await bulkMove(await tokenFor(home, 'assessor'), { ids, status: 'in_triage' });
    expect(assessor.status).toBe(200);
    expect(assessor.body.results.map((r) => r.error?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    const reporter = await bulkMove(await tokenFor(home, 'reporter'), { ids, status: 'in_triage' });
    expect(reporter).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const staff = await tokenFor(home, 'organisation_staff');
    expect(await statusOf(staff, ids[0]!)).toBe('received');
  });

  it('refuses a malformed request whole, changing nothing', async () => {
    const staff = await tokenFor(home, 'organisation_staff');
    const id = await sent(home);
    for (const body of [
      { ids: [], status: 'in_triage' },
      { ids: [id, id], status: 'in_triage' },
      { ids: [id], status: 'sent' },
      { ids: ['not-an-id'], status: 'in_triage' },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()), status: 'in_triage' },
      { ids: [id], status: 'in_triage', extra: true },
    ]) {
      const res = await bulkMove(staff, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    }
    expect(await statusOf(staff, id)).toBe('received');
  });

  it('a user of two organisations moves the cases of both, and none of a third', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'organisation_staff']);
    const inA = await sent(tenant, 0);
    const inB = await sent(tenant, 1);
    const inC = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: (await signedIn(app, two.thirdTenant, 'reporter')).token,
      body: { report: adrCase() },
    });
    const res = await bulkMove(two.token, { ids: [inA, inB, inC.body.id], status: 'in_triage' });
    expect(res.body.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['changed', null],
      ['changed', null],
      ['refused', 'NOT_FOUND'],
    ]);
    const staffC = (await signedIn(app, two.thirdTenant, 'organisation_staff')).token;
    expect(await statusOf(staffC, inC.body.id)).toBe('received');
  });
});

describe('POST /v1/reports/bulk/assign', () => {
  it('gives each case to a colleague, the neighbour’s untouched', async () => {
    const admin = await tokenFor(home, 'organisation_admin');
    const colleague = await signedIn(app, home, 'organisation_staff');
    const ids = [await sent(home), await sent(home)];
    const theirs = await sent(neighbour);
    const res = await bulkAssign(admin, { ids: [...ids, theirs], userId: colleague.user.id });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => [r.outcome, r.status, r.error?.code ?? null])).toEqual([
      ['changed', 'assigned', null],
      ['changed', 'assigned', null],
      ['refused', null, 'NOT_FOUND'],
    ]);
    const mine = await http<ReportCase>(app.url, 'GET', `/v1/reports/${ids[0]}`, { token: colleague.token });
    expect(mine.body.assigneeUserId).toBe(colleague.user.id);
    const neighbourStaff = await tokenFor(neighbour, 'organisation_staff');
    const untouched = await http<ReportCase>(app.url, 'GET', `/v1/reports/${theirs}`, {
      token: neighbourStaff,
    });
    expect(untouched.body).toMatchObject({ status: 'received', assigneeUserId: null });
    // Again: each case is already theirs.
    const again = await bulkAssign(admin, { ids, userId: colleague.user.id });
    expect(again.body).toMatchObject({ changed: 0, unchanged: 2 });
  });

  it('to the caller by default; never to a user of the neighbour; not by an assessor', async () => {
    const staff = await signedIn(app, home, 'organisation_staff');
    const ids = [await sent(home)];
    const toMe = await bulkAssign(staff.token, { ids });
    expect(toMe.body.results[0]).toMatchObject({ outcome: 'changed', status: 'assigned' });
    const stranger = await signedIn(app, neighbour, 'organisation_staff');
    const other = [await sent(home)];
    const refused = await bulkAssign(await tokenFor(home, 'organisation_admin'), {
      ids: other,
      userId: stranger.user.id,
    });
    expect(refused.body.results[0]).toMatchObject({
      outcome: 'refused',
      error: { code: 'VALIDATION_FAILED' },
    });
    const assessor = await bulkAssign(await tokenFor(home, 'assessor'), { ids: other });
    expect(assessor).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await statusOf(staff.token, other[0]!)).toBe('received');
  });
});
