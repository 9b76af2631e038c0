import { type OrganisationInvite, type RoleName, roleNames, type Session, type User } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  startSmtp,
  startTestApp,
  type TestApp,
  type TestSmtp,
  type TestTenant,
} from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';
import { mailerFor } from '../../platform/mail.ts';

let app: TestApp;
let smtp: TestSmtp;
let home: TestTenant;
let foreign: TestTenant;
const tokens = {} as Record<RoleName, string>;
let otherOrgAdmin: string;
let otherPlatformAdmin: string;

const PASSWORD = 'a long enough password';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function tokenFor(tenant: TestTenant, role: RoleName, organisation: 0 | 1 | null) {
  const organisationId = organisation === null ? null : tenant.organisationIds[organisation];
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId, role });
  return (await login(app.url, user, role === 'assessor' ? '/v1/login/assessor' : '/v1/login')).token;
}

beforeAll(async () => {
  smtp = await startSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://vigilo.example' });
  // This process delivers the outbox, as a worker would.
  await app.jobs.work([
    { ...mailerFor(app.config, app.db, app.jobs).job, pollingIntervalSeconds: 0.5 } as never,
  ]);
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  for (const role of roleNames)
    tokens[role] = await tokenFor(
      home,
      role,
      role === 'platform_admin' || role === 'system_admin' ? null : 0,
    );
  otherOrgAdmin = await tokenFor(home, 'organisation_admin', 1);
  otherPlatformAdmin = await tokenFor(foreign, 'platform_admin', null);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const tokenFromMail = (text: string) => {
  const match = /https:\/\/vigilo\.example\/invite\/accept\?token=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no invite link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

async function invite(
  email: string,
  role: RoleName = 'organisation_staff',
  token = tokens.organisation_admin,
) {
  const res = await http<OrganisationInvite>(
    app.url,
    'POST',
    `/v1/organisation/${home.organisationIds[0]}/invite`,
    {
      token,
      body: { email, role },
    },
  );
  expect(res.status).toBe(201);
  return { invite: res.body, token: tokenFromMail((await smtp.waitFor(email)).text) };
}

describe('invite → email → accept → sign in', () => {
  it('an organisation admin invites by email; the invitee accepts, is signed in, and can sign in again', async () => {
    const email = `new-${unique()}@example.test`;
    const { invite: made, token } = await invite(email);
    expect(made).toMatchObject({
      email,
      role: 'organisation_staff',
      status: 'pending',
      organisationId: home.organisationIds[0],
    });
    expect(JSON.stringify(made)).not.toContain(token);
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is stored.
    const stored = await app.db
      .selectFrom('organisation_invites')
      .select('token_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const preview = await http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        email,
        role: 'organisation_staff',
        accountExists: false,
        organisationName: expect.stringMatching(/^Org A/),
      },
    });

    const accepted = await http<Session>(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: PASSWORD, firstName: 'Nina', lastName: 'New' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
    });
    const me = await http<User>(app.url, 'GET', '/v1/users/@me', { token: accepted.body.token });
    expect(me.body).toMatchObject({
      email,
      firstName: 'Nina',
      memberships: [{ role: 'organisation_staff', organisationId: home.organisationIds[0] }],
    });
    const again = await http<Session>(app.url, 'POST', '/v1/login', {
      body: { email, password: PASSWORD, platformId: home.platformId },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(accepted.body.id);

    // Single use: a second accept, and the preview, say so clearly.
    const twice = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: PASSWORD, firstName: 'Eve', lastName: 'Again' },
    });
    expect(twice).toMatchObject({ status: 409, body: { code: 'INVITE_USED' } });
    const used = await http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);
    expect(used).toMatchObject({ status: 409, body: { code: 'INVITE_USED' } });
    const list = await http<OrganisationInvite[]>(
      app.url,
      'GET',
      `/v1/organisation/${home.organisationIds[0]}/invites`,
      {
        token: tokens.organisation_admin,
      },
    );
    expect(list.body.find((i) => i.id === made.id)).toMatchObject({ status: 'accepted' });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', made.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['invite.accepted', 'invite.created']);
  });

  it('an expired invite is refused with 410 and creates nothing', async () => {
    const email = `late-${unique()}@example.test`;
    const { invite: made, token } = await invite(email);
    await app.db
      .updateTable('organisation_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.id)
      .execute();
    const res = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: PASSWORD, firstName: 'L', lastName: 'Ate' },
    });
    expect(res).toMatchObject({ status: 410, body: { code: 'INVITE_EXPIRED' } });
    const preview = await http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(410);
    const users = await app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
  });

  it('an unknown token is 404; a short password, the email as password or an extra field is 400', async () => {
    const unknown = await http(app.url, 'GET', '/v1/organisation-invite?token=not-a-real-token-at-all');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const email = `short-${unique()}@example.test`;
    const { token } = await invite(email);
    const short = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: 'elevenchars', firstName: 'S', lastName: 'Hort' },
    });
    expect(short.status).toBe(400);
    // The same password rules as everywhere else: not the email address either.
    const ownEmail = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: email, firstName: 'S', lastName: 'Hort' },
    });
    expect(ownEmail).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', meta: { fields: [{ field: 'body/password' }] } },
    });
    const extra = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: PASSWORD, firstName: 'S', lastName: 'H', roleIds: ['organisation_admin'] },
    });
    expect(extra.status).toBe(400);
    const preview = await http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
  });

  it('an existing account on the platform joins after signing in; another account cannot take the invite', async () => {
    const existing = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[1],
      role: 'reporter',
    });
    const { token } = await invite(existing.email, 'organisation_staff');
    const preview = await http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);
    expect(preview.body).toMatchObject({ accountExists: true });
    const anonymous = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token, password: PASSWORD, firstName: 'A', lastName: 'B' },
    });
    expect(anonymous).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', meta: { accountExists: true } },
    });
    const someoneElse = await http(app.url, 'POST', '/v1/organisation-invite/join', {
      token: otherOrgAdmin,
      body: { token },
    });
    expect(someoneElse.status).toBe(404);
    const own = (await login(app.url, existing)).token;
    const joined = await http<Session>(app.url, 'POST', '/v1/organisation-invite/join', {
      token: own,
      body: { token },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.organisationId).toBe(home.organisationIds[0]);
    const me = await http<User>(app.url, 'GET', '/v1/users/@me', { token: joined.body.token });
    expect(me.body.memberships.map((m) => [m.role, m.organisationId]).sort()).toEqual(
      [
        ['organisation_staff', home.organisationIds[0]],
        ['reporter', home.organisationIds[1]],
      ].sort(),
    );
  });
});

describe('invites across tenants', () => {
  // Which role may do what: docs/permissions.csv (test/permissions.test.ts).

  it('another organisation and another platform get 404, and their lists show no foreign invites', async () => {
    for (const token of [otherOrgAdmin, otherPlatformAdmin]) {
      const made = await http(app.url, 'POST', `/v1/organisation/${home.organisationIds[0]}/invite`, {
        token,
        body: { email: `x-${unique()}@example.test`, role: 'reporter' },
      });
      expect(made.status).toBe(404);
      const viaBody = await http(app.url, 'POST', '/v1/organisation-invite', {
        token,
        body: {
          email: `y-${unique()}@example.test`,
          role: 'reporter',
          organisationId: home.organisationIds[0],
        },
      });
      expect(viaBody.status).toBe(404);
      const list = await http(app.url, 'GET', `/v1/organisation/${home.organisationIds[0]}/invites`, {
        token,
      });
      expect(list.status).toBe(404);
    }
    const theirs = await http<OrganisationInvite[]>(
      app.url,
      'GET',
      `/v1/organisation/${home.organisationIds[1]}/invites`,
      {
        token: otherOrgAdmin,
      },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.filter((i) => i.organisationId !== home.organisationIds[1])).toEqual([]);
  });

  it("a user of two organisations manages both organisations' invites; a third organisation's are not found (404)", async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const [, b] = home.organisationIds;
    const invite = async (token: string, organisationId: string) => {
      const res = await http<OrganisationInvite>(
        app.url,
        'POST',
        `/v1/organisation/${organisationId}/invite`,
        {
          token,
          body: { email: `two-${unique()}@example.test`, role: 'reporter' },
        },
      );
      expect(res.status).toBe(201);
      return res.body;
    };
    const inB = await invite(two.token, b);
    const thirdAdmin = await signedIn(app, two.thirdTenant, 'organisation_admin');
    const inThird = await invite(thirdAdmin.token, two.thirdOrganisationId);
    const listB = await http<OrganisationInvite[]>(app.url, 'GET', `/v1/organisation/${b}/invites`, {
      token: two.token,
    });
    expect(listB.body.map((i) => i.id)).toContain(inB.id);
    const third = two.thirdOrganisationId;
    const statuses = await Promise.all([
      http(app.url, 'GET', `/v1/organisation/${third}/invites`, { token: two.token }),
      http(app.url, 'POST', `/v1/organisation/${third}/invite`, {
        token: two.token,
        body: { email: `x-${unique()}@example.test`, role: 'reporter' },
      }),
      http(app.url, 'POST', `/v1/organisation/${third}/invites/${inThird.id}/resend`, { token: two.token }),
      // The third organisation's invite named under an organisation the user administers.
      http(app.url, 'POST', `/v1/organisation/${b}/invites/${inThird.id}/resend`, { token: two.token }),
      http(app.url, 'DELETE', `/v1/organisation/${b}/invites/${inThird.id}`, { token: two.token }),
      http(app.url, 'DELETE', `/v1/organisation/${third}/invites/${inThird.id}`, { token: two.token }),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const stillOpen = await http<OrganisationInvite[]>(app.url, 'GET', `/v1/organisation/${third}/invites`, {
      token: thirdAdmin.token,
    });
    expect(stillOpen.body.find((i) => i.id === inThird.id)?.status).toBe('pending');
  });

  it('POST /v1/organisation-invite invites into the session’s organisation; platform roles cannot be given', async () => {
    const email = `session-${unique()}@example.test`;
    const res = await http<OrganisationInvite>(app.url, 'POST', '/v1/organisation-invite', {
      token: tokens.organisation_admin,
      body: { email, role: 'organisation_admin' },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { organisationId: home.organisationIds[0], role: 'organisation_admin' },
    });
    await smtp.waitFor(email);
    const platformRole = await http(app.url, 'POST', '/v1/organisation-invite', {
      token: tokens.organisation_admin,
      body: { email: `p-${unique()}@example.test`, role: 'platform_admin' },
    });
    expect(platformRole.status).toBe(400);
    const noOrg = await http(app.url, 'POST', '/v1/organisation-invite', {
      token: tokens.platform_admin,
      body: { email: `p-${unique()}@example.test`, role: 'reporter' },
    });
    expect(noOrg).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const pending = await http<OrganisationInvite[]>(
      app.url,
      'GET',
      `/v1/organisation/${home.organisationIds[0]}/invites?status=pending`,
      { token: tokens.organisation_admin },
    );
    expect(pending.body.map((i) => i.email)).toContain(email);
    expect(pending.body.every((i) => i.status === 'pending')).toBe(true);
  });
});
