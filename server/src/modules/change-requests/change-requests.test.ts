import type { ChangeRequest, ChangeRequestPage, CommitPreview } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, openEmailLink, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';
import { revealPersonal } from '../../platform/personal-data.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

/** A reporter of organisation 0 of `tenant` asks for a new email: one pending profile change request. */
async function profileRequest(tenant = home) {
  const requester = await signedIn(app, tenant, 'reporter', 0);
  const email = `renamed-${crypto.randomUUID()}@example.test`;
  const res = await http(app.url, 'PUT', '/v1/users/@me', { token: requester.token, body: { email } });
  expect(res.status).toBe(200);
  const row = await app.db
    .selectFrom('change_requests')
    .select('id')
    .where('user_id', '=', requester.user.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, requester, email };
}

const idRoutes: {
  name: string;
  call: (token: string, id: string) => Promise<{ status: number }>;
}[] = [
  {
    name: 'GET /v1/change-requests/{id}',
    call: (token, id) => http(app.url, 'GET', `/v1/change-requests/${id}`, { token }),
  },
  {
    name: 'GET /v1/change-requests/{id}/commit-preview',
    call: (token, id) => http(app.url, 'GET', `/v1/change-requests/${id}/commit-preview`, { token }),
  },
  {
    name: 'PUT /v1/change-requests/{id}/approve',
    call: (token, id) => http(app.url, 'PUT', `/v1/change-requests/${id}/approve`, { token, body: {} }),
  },
  {
    name: 'PUT /v1/change-requests/{id}/decline',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/change-requests/${id}/decline`, { token, body: { rejectionMessage: 'No' } }),
  },
];

// Which role may do what: docs/permissions.csv (test/permissions.test.ts).
describe('the requester', () => {
  it('the requester may read their own request and its preview, not decide it', async () => {
    const { id, requester } = await profileRequest();
    expect((await http(app.url, 'GET', `/v1/change-requests/${id}`, { token: requester.token })).status).toBe(
      200,
    );
    expect(
      (await http(app.url, 'GET', `/v1/change-requests/${id}/commit-preview`, { token: requester.token }))
        .status,
    ).toBe(200);
    expect(
      (await http(app.url, 'PUT', `/v1/change-requests/${id}/approve`, { token: requester.token, body: {} }))
        .status,
    ).toBe(403);
  });
});

describe('cross-tenant matrix', () => {
  it('another organisation and another platform answer 404 on every id route; lists hold no foreign rows', async () => {
    const outsiders = await Promise.all([
      signedIn(app, home, 'organisation_admin', 1),
      signedIn(app, foreign, 'organisation_admin', 0),
      signedIn(app, foreign, 'platform_admin'),
    ]);
    for (const route of idRoutes) {
      for (const [index, outsider] of outsiders.entries()) {
        const { id } = await profileRequest();
        const res = await route.call(outsider.token, id);
        expect({ route: route.name, index, status: res.status }).toEqual({
          route: route.name,
          index,
          status: 404,
        });
      }
    }
    const mine = await profileRequest();
    for (const outsider of outsiders) {
      const list = await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests?size=500', {
        token: outsider.token,
      });
      expect(list.status).toBe(200);
      expect(list.body.items.map((c) => c.id)).not.toContain(mine.id);
      expect(list.body.items.every((c) => c.organisationId !== home.organisationIds[0])).toBe(true);
    }
  });
});

describe('deciding', () => {
  it("a user of two organisations decides both organisations' requests; a third organisation's are not found (404)", async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const third = await profileRequest(two.thirdTenant);
    const elsewhere = await profileRequest(foreign);
    for (const request of [third, elsewhere]) {
      const statuses = await Promise.all(idRoutes.map((route) => route.call(two.token, request.id)));
      expect(statuses.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    }
    const queue = await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests?size=100', {
      token: two.token,
    });
    expect(queue.body.items.filter((i) => !home.organisationIds.includes(i.organisationId))).toEqual([]);
    const stillPending = await app.db
      .selectFrom('change_requests')
      .select('status')
      .where('id', 'in', [third.id, elsewhere.id])
      .execute();
    expect(stillPending.map((r) => r.status)).toEqual(['pending', 'pending']);
    const inB = await profileRequest({
      ...home,
      organisationIds: [home.organisationIds[1], home.organisationIds[1]],
    });
    expect((await http(app.url, 'GET', `/v1/change-requests/${inB.id}`, { token: two.token })).status).toBe(
      200,
    );
  });

  it('the preview shows the diff; approval applies it with an audit row', async () => {
    const { id, requester, email } = await profileRequest();
    const admin = await signedIn(app, home, 'organisation_admin', 0);
    const preview = await http<CommitPreview>(app.url, 'GET', `/v1/change-requests/${id}/commit-preview`, {
      token: admin.token,
    });
    expect(preview.body).toEqual({
      id,
      kind: 'profile',
      status: 'pending',
      changes: [{ field: 'email', old: requester.user.email, new: email }],
    });
    const wrongUser = await http(app.url, 'PUT', `/v1/change-requests/${id}/approve`, {
      token: admin.token,
      body: { userId: admin.user.id },
    });
    expect(wrongUser.status).toBe(400);
    const res = await http<ChangeRequest>(app.url, 'PUT', `/v1/change-requests/${id}/approve`, {
      token: admin.token,
      body: { organisationId: home.organisationIds[0], userId: requester.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'approved',
      decidedBy: admin.user.id,
      decidedAt: expect.any(String),
    });
    const emailOf = async () =>
      (
        await app.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', requester.user.id)
          .executeTakeFirstOrThrow()
      ).email;
    // The new email applies once the link mailed to it is opened (decision 0025).
    expect(await emailOf()).toBe(requester.user.email);
    const opened = await openEmailLink(app, email, 'email-change');
    expect(opened).toMatchObject({ status: 200, body: { purpose: 'email_change' } });
    expect(await emailOf()).toBe(email);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['changes'])
      .where('entity_id', '=', id)
      .where('action', '=', 'change_request.approved')
      .executeTakeFirstOrThrow();
    // Stored sealed under the requester's key (decision 0331), read in clear while it exists.
    expect(JSON.stringify(audit.changes)).not.toContain(email);
    expect(await revealPersonal(app.db, [audit.changes])).toEqual([
      [
        { path: 'email', old: requester.user.email, new: email },
        { path: 'status', old: 'pending', new: 'approved' },
      ],
    ]);
    const again = await http(app.url, 'PUT', `/v1/change-requests/${id}/approve`, {
      token: admin.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it('decline stores the message and changes nothing', async () => {
    const { id, requester } = await profileRequest();
    const admin = await signedIn(app, home, 'platform_admin');
    expect(
      (await http(app.url, 'PUT', `/v1/change-requests/${id}/decline`, { token: admin.token, body: {} }))
        .status,
    ).toBe(400);
    const res = await http<ChangeRequest>(app.url, 'PUT', `/v1/change-requests/${id}/decline`, {
      token: admin.token,
      body: { rejectionMessage: 'Use your work address, please.' },
    });
    expect(res.body).toMatchObject({
      status: 'declined',
      rejectionMessage: 'Use your work address, please.',
    });
    const user = await app.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', requester.user.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(requester.user.email);
    const mail = await app.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', requester.user.email)
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('Use your work address, please.');
  });

  it('a membership request adds the role on approval; the queue filters by status and kind', async () => {
    const tenant = await createTenant(app.db);
    const requester = await signedIn(app, tenant, 'reporter', 0);
    const put = await http(app.url, 'PUT', '/v1/users/@me', {
      token: requester.token,
      body: { requestMembership: { organisationId: tenant.organisationIds[1], role: 'organisation_staff' } },
    });
    expect(put.status).toBe(200);
    const admin1 = await signedIn(app, tenant, 'organisation_admin', 1);
    const admin0 = await signedIn(app, tenant, 'organisation_admin', 0);
    expect(
      (await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests', { token: admin0.token })).body
        .total,
    ).toBe(0);
    const queue = await http<ChangeRequestPage>(
      app.url,
      'GET',
      '/v1/change-requests?statuses=pending&kinds=membership',
      {
        token: admin1.token,
      },
    );
    expect(queue.body.total).toBe(1);
    const cr = queue.body.items[0] as ChangeRequest;
    expect(cr).toMatchObject({
      kind: 'membership',
      userId: requester.user.id,
      userEmail: requester.user.email,
    });
    const preview = await http<CommitPreview>(app.url, 'GET', `/v1/change-requests/${cr.id}/commit-preview`, {
      token: admin1.token,
    });
    expect(preview.body.changes).toEqual([
      { field: expect.stringMatching(/^roles@/), old: [], new: ['organisation_staff'] },
    ]);
    await http(app.url, 'PUT', `/v1/change-requests/${cr.id}/approve`, { token: admin1.token, body: {} });
    const me = await http<{ memberships: { organisationId: string; role: string }[] }>(
      app.url,
      'GET',
      '/v1/users/@me',
      {
        token: requester.token,
      },
    );
    expect(me.body.memberships).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ organisationId: tenant.organisationIds[1], role: 'organisation_staff' }),
      ]),
    );
    const decided = await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests?statuses=approved', {
      token: admin1.token,
    });
    expect(decided.body.items.map((c) => c.id)).toEqual([cr.id]);
  });
});
