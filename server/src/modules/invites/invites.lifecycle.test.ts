import type { OrganisationInvite, Session } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';

// Issue 10 item 12 (decision 0035): one open invite per address, members are not invited,
// accepting settles the rest, and invites can be revoked and sent again.
const app = useTestApp({ PUBLIC_URL: 'https://vigilo.example' });
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let org: string;

const PASSWORD = 'a long enough password';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin', 0)).token;
  org = home.organisationIds[0]!;
});

/** The token of the newest invite mail to `to`, read from the outbox the mailer writes. */
async function newestLink(to: string): Promise<string> {
  const mail = await app.db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('recipient', '=', to)
    .where('template', '=', 'organisation-invite')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const match = /\/invite\/accept\?token=([\w%-]+)/.exec(mail?.body_text ?? '');
  return match ? decodeURIComponent(match[1]!) : '';
}

const mailsTo = async (to: string) =>
  (
    await app.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', to)
      .where('template', '=', 'organisation-invite')
      .execute()
  ).length;

const invite = (email: string, role = 'organisation_staff', token = admin) =>
  http<OrganisationInvite & { code?: string; message?: string; meta?: Record<string, unknown> }>(
    app.url,
    'POST',
    `/v1/organisation/${org}/invite`,
    { token, body: { email, role } },
  );

const preview = (token: string) =>
  http(app.url, 'GET', `/v1/organisation-invite?token=${encodeURIComponent(token)}`);

describe('inviting an address twice', () => {
  it('answers 409 naming the pending invite, in any spelling of the address; nothing more is mailed', async () => {
    const email = `twice-${unique()}@example.test`;
    const first = await invite(email);
    expect(first.status).toBe(201);
    const again = await invite(email.toUpperCase(), 'reporter');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      meta: { inviteId: first.body.id, fields: [{ field: 'body/email' }] },
    });
    expect(await mailsTo(email)).toBe(1);
  });

  it('two administrators inviting one address at once: one invite, the other gets 409', async () => {
    const email = `race-${unique()}@example.test`;
    const other = (await signedIn(app, home, 'platform_admin')).token;
    const answers = await Promise.all([invite(email, 'reporter', admin), invite(email, 'reporter', other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await app.db
      .selectFrom('organisation_invites')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('an expired invite is replaced by a new one: the old link then says revoked', async () => {
    const email = `renew-${unique()}@example.test`;
    const first = await invite(email);
    const oldLink = await newestLink(email);
    await app.db
      .updateTable('organisation_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', first.body.id)
      .execute();
    const second = await invite(email);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await preview(oldLink)).toMatchObject({ status: 410, body: { code: 'INVITE_REVOKED' } });
    expect((await preview(await newestLink(email))).status).toBe(200);
  });
});

describe('inviting someone who is already a member', () => {
  it('is refused with 409 naming the member, whatever role the invite would give', async () => {
    const member = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: org,
      role: 'reporter',
    });
    const res = await invite(member.email, 'organisation_admin');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', meta: { userId: member.id } });
    expect(res.body.message).toMatch(/already a member/);
    expect(await mailsTo(member.email)).toBe(0);
  });

  it('a member of another organisation of the platform may be invited', async () => {
    const elsewhere = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[1],
      role: 'reporter',
    });
    expect((await invite(elsewhere.email)).status).toBe(201);
  });
});

describe('revoke and resend', () => {
  it('resend mails a new link and a new expiry; the old link stops working', async () => {
    const email = `resend-${unique()}@example.test`;
    const made = await invite(email);
    const oldLink = await newestLink(email);
    await app.db
      .updateTable('organisation_invites')
      .set({ expires_at: new Date(Date.now() + 3600_000) })
      .where('id', '=', made.body.id)
      .execute();
    const res = await http<OrganisationInvite>(
      app.url,
      'POST',
      `/v1/organisation/${org}/invites/${made.body.id}/resend`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.body.id, status: 'pending' });
    expect((Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    expect(await mailsTo(email)).toBe(2);
    const newLink = await newestLink(email);
    expect(newLink).not.toBe(oldLink);
    expect((await preview(oldLink)).status).toBe(404);
    expect((await preview(newLink)).status).toBe(200);
  });

  it('revoke ends the link (410 INVITE_REVOKED), lists the invite as revoked, and is idempotent', async () => {
    const email = `revoke-${unique()}@example.test`;
    const made = await invite(email);
    const link = await newestLink(email);
    const path = `/v1/organisation/${org}/invites/${made.body.id}`;
    expect((await http(app.url, 'DELETE', path, { token: admin })).status).toBe(204);
    expect((await http(app.url, 'DELETE', path, { token: admin })).status).toBe(204);
    expect(await preview(link)).toMatchObject({ status: 410, body: { code: 'INVITE_REVOKED' } });
    const accept = await http(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token: link, password: PASSWORD, firstName: 'R', lastName: 'Evoked' },
    });
    expect(accept).toMatchObject({ status: 410, body: { code: 'INVITE_REVOKED' } });
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    const revoked = await http<OrganisationInvite[]>(
      app.url,
      'GET',
      `/v1/organisation/${org}/invites?status=revoked`,
      {
        token: admin,
      },
    );
    expect(revoked.body.find((i) => i.id === made.body.id)).toMatchObject({ status: 'revoked' });
    const pending = await http<OrganisationInvite[]>(
      app.url,
      'GET',
      `/v1/organisation/${org}/invites?status=pending`,
      {
        token: admin,
      },
    );
    expect(pending.body.map((i) => i.id)).not.toContain(made.body.id);
    // A revoked invite cannot be sent again; the address can be invited afresh.
    const resend = await http(app.url, 'POST', `${path}/resend`, { token: admin });
    expect(resend).toMatchObject({ status: 410, body: { code: 'INVITE_REVOKED' } });
    expect((await invite(email)).status).toBe(201);
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', made.body.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['invite.created', 'invite.revoked']);
  });

  it('an accepted invite can be neither revoked nor resent (409)', async () => {
    const email = `done-${unique()}@example.test`;
    const made = await invite(email);
    const accepted = await http<Session>(app.url, 'POST', '/v1/organisation-invite/accept', {
      body: { token: await newestLink(email), password: PASSWORD, firstName: 'D', lastName: 'One' },
    });
    expect(accepted.status).toBe(200);
    const path = `/v1/organisation/${org}/invites/${made.body.id}`;
    expect(await http(app.url, 'DELETE', path, { token: admin })).toMatchObject({
      status: 409,
      body: { code: 'INVITE_USED' },
    });
    expect((await http(app.url, 'POST', `${path}/resend`, { token: admin })).status).toBe(409);
  });

  it('only administrators of the organisation: others 403, another organisation or platform 404', async () => {
    const made = await invite(`who-${unique()}@example.test`);
    const path = `/v1/organisation/${org}/invites/${made.body.id}`;
    const staff = (await signedIn(app, home, 'organisation_staff', 0)).token;
    expect((await http(app.url, 'DELETE', path, { token: staff })).status).toBe(403);
    expect((await http(app.url, 'POST', `${path}/resend`, { token: staff })).status).toBe(403);
    const otherOrg = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const otherPlatform = (await signedIn(app, foreign, 'platform_admin')).token;
    for (const token of [otherOrg, otherPlatform]) {
      expect((await http(app.url, 'DELETE', path, { token })).status).toBe(404);
      expect((await http(app.url, 'POST', `${path}/resend`, { token })).status).toBe(404);
    }
    // The invite id under another organisation's path is not found either.
    const theirs = `/v1/organisation/${home.organisationIds[1]}/invites/${made.body.id}`;
    expect((await http(app.url, 'DELETE', theirs, { token: otherOrg })).status).toBe(404);
    const row = await app.db
      .selectFrom('organisation_invites')
      .select('revoked_at')
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});
