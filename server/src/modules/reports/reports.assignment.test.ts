import type { ReportCase, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
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

type Answer = ReportCase & {
  code?: string;
  meta?: Record<string, unknown>;
  items?: { id: string }[];
  valid?: boolean;
};
async function sent(tenant: TestTenant, org: 0 | 1 = 0) {
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor(tenant, 'reporter', org),
    body: { report: adrCase(), organisationId: tenant.organisationIds[org] },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const call = async (token: string, method: string, path: string, body?: unknown) =>
  http<Answer>(app.url, method, path, { token, body });
const linkFor = async (id: string) =>
  (
    await http<{ token: string; expiresAt: string }>(app.url, 'POST', `/v1/report/${id}/assignment-token`, {
      token: await tokenFor(home, 'organisation_staff'),
    })
  ).body;

describe('assignment links', () => {
  it('lets a caseworker of the organisation take the case once; verify says so without using it', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    const made = await http<{ token: string; expiresAt: string }>(
      app.url,
      'POST',
      `/v1/report/${id}/assignment-token`,
      {
        token: staff,
      },
    );
    expect(made.status).toBe(201);
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    // Only the hash is kept.
    const kept = await app.db
      .selectFrom('report_assignment_tokens')
      .select('token_hash')
      .where('report_id', '=', id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.token_hash).not.toContain(made.body.token);

    const assessor = await sessionFor(home, 'assessor');
    const verified = await call(assessor.token, 'GET', `/v1/report/${id}/verify/${made.body.token}`);
    expect(verified.body).toMatchObject({ valid: true, state: 'valid', reportId: id });
    const taken = await call(assessor.token, 'PUT', `/v1/report/${id}/assign/${made.body.token}`);
    expect(taken.body).toMatchObject({ status: 'assigned', assigneeUserId: assessor.id });
    const again = await call(staff, 'PUT', `/v1/report/${id}/assign/${made.body.token}`);
    expect(again).toMatchObject({ status: 409, body: { code: 'ASSIGNMENT_TOKEN_USED' } });
    expect((await call(staff, 'GET', `/v1/report/${id}/verify/${made.body.token}`)).body).toMatchObject({
      valid: false,
      state: 'used',
    });
    // A reporter of the organisation cannot take a case, nor can anyone with a made-up link.
    expect(
      (await call(await tokenFor(home, 'reporter'), 'PUT', `/v1/report/${id}/assign/${made.body.token}`))
        .status,
    ).toBe(403);
    expect((await call(staff, 'PUT', `/v1/report/${id}/assign/not-a-real-link`)).status).toBe(404);
  });

  it('refuses an expired link with 410, and a link of another case with 404', async () => {
    const [id, other] = [await sent(home), await sent(home)];
    const link = await linkFor(id);
    const staff = await tokenFor(home, 'organisation_staff');
    expect((await call(staff, 'PUT', `/v1/report/${other}/assign/${link.token}`)).status).toBe(404);
    await app.db
      .updateTable('report_assignment_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('report_id', '=', id)
      .execute();
    expect((await call(staff, 'GET', `/v1/report/${id}/verify/${link.token}`)).body).toMatchObject({
      state: 'expired',
    });
    expect(await call(staff, 'PUT', `/v1/report/${id}/assign/${link.token}`)).toMatchObject({
      status: 410,
      body: { code: 'ASSIGNMENT_TOKEN_EXPIRED' },
    });
  });

  it('gives the case to exactly one of two caseworkers who use the link at the same moment', async () => {
    const id = await sent(home);
    const link = await linkFor(id);
    const [a, b] = await Promise.all([
      call(await tokenFor(home, 'organisation_staff'), 'PUT', `/v1/report/${id}/assign/${link.token}`),
      call(await tokenFor(home, 'organisation_admin'), 'PUT', `/v1/report/${id}/assign/${link.token}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const audits = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'report.assigned')
      .execute();
    expect(audits).toHaveLength(1);
  });
});

describe('POST /v1/report/{id}/assign', () => {
  it('assigns to the caller when no one is named, or to the user named', async () => {
    const id = await sent(home);
    const staff = await sessionFor(home, 'organisation_staff');
    expect((await call(staff.token, 'POST', `/v1/report/${id}/assign`)).body).toMatchObject({
      assigneeUserId: staff.id,
      status: 'assigned',
    });
    const assessor = await sessionFor(home, 'assessor');
    expect(
      (await call(staff.token, 'POST', `/v1/report/${id}/assign`, { userId: assessor.id })).body,
    ).toMatchObject({
      assigneeUserId: assessor.id,
      status: 'assigned',
    });
  });
});

describe('PUT /v1/report/{id}/reassign/organisation/{organisationId}', () => {
  it('sends the case to another organisation; the sender keeps a read-only trace', async () => {
    const id = await sent(home);
    const staffA = await tokenFor(home, 'organisation_staff');
    const staffB = await tokenFor(home, 'organisation_staff', 1);
    const [orgA, orgB] = home.organisationIds;
    await call(staffA, 'PUT', `/v1/reports/${id}/status`, { status: 'in_triage' });
    await call(staffA, 'POST', `/v1/report/${id}/assign`);
    const moved = await call(staffA, 'PUT', `/v1/report/${id}/reassign/organisation/${orgB}`, {
      reason: 'The hospital is the marketing authorisation holder',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ organisationId: orgB, status: 'received', assigneeUserId: null });

    // The receiving organisation works it.
    expect((await call(staffB, 'GET', `/v1/reports/${id}`)).body).toMatchObject({
      status: 'received',
      trace: null,
    });
    expect((await call(staffB, 'PUT', `/v1/reports/${id}/status`, { status: 'in_triage' })).status).toBe(200);
    // The sender reads it as it left, and changes nothing.
    const trace = await call(staffA, 'GET', `/v1/reports/${id}`);
    expect(trace.body).toMatchObject({
      status: 'assigned',
      allowedTransitions: [],
      trace: {
        fromOrganisationId: orgA,
        toOrganisationId: orgB,
        reason: 'The hospital is the marketing authorisation holder',
      },
    });
    expect((await call(staffA, 'PUT', `/v1/reports/${id}/status`, { status: 'coded' })).status).toBe(404);
    expect((await call(staffA, 'PUT', `/v1/report/${id}`, { name: 'x' })).status).toBe(404);
    expect(
      (await call(staffA, 'GET', `/v1/reports?size=500`)).body.items?.map((c: { id: string }) => c.id),
    ).not.toContain(id);
    // The audit trail shows the move, with its reason, to both.
    const audit = await http<{ action: string; reason: string | null }[]>(
      app.url,
      'GET',
      `/v1/reports/${id}/audit`,
      {
        token: staffB,
      },
    );
    expect(audit.body.find((e) => e.action === 'report.reassigned')).toMatchObject({
      reason: 'The hospital is the marketing authorisation holder',
    });
  });

  it('refuses the same organisation, another platform, and a case already coded', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    expect(
      (await call(staff, 'PUT', `/v1/report/${id}/reassign/organisation/${home.organisationIds[0]}`)).status,
    ).toBe(400);
    expect(
      (await call(staff, 'PUT', `/v1/report/${id}/reassign/organisation/${foreign.organisationIds[0]}`))
        .status,
    ).toBe(404);
    await app.db.updateTable('reports').set({ status: 'coded' }).where('id', '=', id).execute();
    expect(
      await call(staff, 'PUT', `/v1/report/${id}/reassign/organisation/${home.organisationIds[1]}`),
    ).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION' },
    });
  });
});

describe('names and regeneration', () => {
  it('names a case, removes the name, and reads the search columns again from the document', async () => {
    const id = await sent(home);
    const staff = await tokenFor(home, 'organisation_staff');
    expect(
      (await call(staff, 'POST', `/v1/report/${id}/name`, { name: 'Angioedema, Leeds' })).body.name,
    ).toBe('Angioedema, Leeds');
    expect((await call(staff, 'DELETE', `/v1/report/${id}/name`)).status).toBe(204);
    expect((await call(staff, 'GET', `/v1/reports/${id}`)).body.name).toBeNull();
    await app.db
      .updateTable('reports')
      .set({ serious: false, seriousness: [], country: null })
      .where('id', '=', id)
      .execute();
    const again = await call(staff, 'PUT', `/v1/reports/${id}/regenerate`);
    expect(again.body).toMatchObject({ serious: true, seriousness: ['hospitalisation'], country: 'GB' });
    expect(again.body.clock.days).toBe(15);
  });
});

describe('another tenant', () => {
  it('gets 404 on every assignment route from another organisation or platform', async () => {
    const id = await sent(home);
    const link = await linkFor(id);
    for (const token of [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'platform_admin'),
    ]) {
      for (const [method, path, body] of [
        ['POST', `/v1/report/${id}/assign`, undefined],
        ['POST', `/v1/report/${id}/assignment-token`, undefined],
        ['GET', `/v1/report/${id}/verify/${link.token}`, undefined],
        ['PUT', `/v1/report/${id}/assign/${link.token}`, undefined],
        ['PUT', `/v1/report/${id}/reassign/organisation/${home.organisationIds[1]}`, undefined],
        ['POST', `/v1/report/${id}/name`, { name: 'Mine' }],
        ['DELETE', `/v1/report/${id}/name`, undefined],
        ['PUT', `/v1/reports/${id}/regenerate`, undefined],
      ] as const)
        expect((await call(token, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await call(await tokenFor(home, 'organisation_staff'), 'GET', `/v1/report/${id}/verify/${link.token}`))
        .body.valid,
    ).toBe(true);
  });

  it('a user of two organisations sends a case from one to the other and works it there', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'organisation_staff']);
    const id = await sent(tenant, 0);
    const moved = await call(
      two.token,
      'PUT',
      `/v1/report/${id}/reassign/organisation/${tenant.organisationIds[1]}`,
    );
    expect(moved.body.organisationId).toBe(tenant.organisationIds[1]);
    // Still one of its organisations: the case itself, not a trace.
    expect((await call(two.token, 'GET', `/v1/reports/${id}`)).body.trace).toBeNull();
    expect((await call(two.token, 'POST', `/v1/report/${id}/assign`)).body.assigneeUserId).toBe(two.user.id);
    // Not to the third organisation's people.
    expect(
      (await call(two.token, 'PUT', `/v1/report/${id}/reassign/organisation/${two.thirdOrganisationId}`))
        .status,
    ).toBe(200);
    expect((await call(two.token, 'GET', `/v1/reports/${id}`)).body.trace).toMatchObject({
      toOrganisationId: two.thirdOrganisationId,
    });
  });
});
