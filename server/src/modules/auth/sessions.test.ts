import type { ActiveSession, Session } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';

// Issue 10 item 11 (decision 0036): the list of one's sessions, ending one, ending all.
let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
});

const staff = () =>
  createUser(app.db, {
    platformId: home.platformId,
    organisationId: home.organisationIds[0],
    role: 'organisation_staff',
  });

/** A sign-in from a browser that says who it is. */
async function signIn(user: TestUser, userAgent: string): Promise<Session> {
  const res = await http<Session>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const list = (token: string) => http<ActiveSession[]>(app.url, 'GET', '/v1/users/@me/sessions', { token });
const me = (token: string) => http(app.url, 'GET', '/v1/users/@me', { token });

describe('GET /v1/users/@me/sessions', () => {
  it('lists each signed-in browser once, with its user agent and address; the caller is marked', async () => {
    const user = await staff();
    const laptop = await signIn(user, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const phone = await signIn(user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1');
    // A renewal is the same session (same family), not a new entry; it moves "last used".
    const renewed = await http<Session>(app.url, 'POST', '/v1/token', {
      body: { refreshToken: phone.refreshToken },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1' },
    });
    expect(renewed.status).toBe(200);
    const res = await list(laptop.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      current: true,
      userAgent: expect.stringContaining('Firefox'),
      ip: '127.0.0.1',
    });
    expect(res.body[1]).toMatchObject({ current: false, userAgent: expect.stringContaining('iPhone') });
    expect(Date.parse(res.body[1]!.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(res.body[1]!.createdAt));
    // Nobody else's sessions: another user sees only their own.
    const other = await signIn(await staff(), 'curl/8');
    expect((await list(other.token)).body.map((s) => s.userAgent)).toEqual(['curl/8']);
  });
});

describe('ending sessions', () => {
  it('ends one session: its tokens stop working at once, its refresh is refused, the others go on', async () => {
    const user = await staff();
    const a = await signIn(user, 'browser A');
    const b = await signIn(user, 'browser B');
    const target = (await list(a.token)).body.find((s) => !s.current)!;
    expect(
      (await http(app.url, 'DELETE', `/v1/users/@me/sessions/${target.id}`, { token: a.token })).status,
    ).toBe(204);
    expect((await me(b.token)).status).toBeGreaterThanOrEqual(401);
    expect(
      (await http(app.url, 'POST', '/v1/token', { body: { refreshToken: b.refreshToken } })).status,
    ).toBe(401);
    expect((await me(a.token)).status).toBe(200);
    expect((await list(a.token)).body.map((s) => s.userAgent)).toEqual(['browser A']);
    // Ended, it is not found again.
    expect(
      (await http(app.url, 'DELETE', `/v1/users/@me/sessions/${target.id}`, { token: a.token })).status,
    ).toBe(404);
  });

  it("another user's session is 404 and stays alive", async () => {
    const [alice, bob] = await Promise.all([staff(), staff()]);
    const aliceSession = await signIn(alice, 'alice');
    const bobSession = await signIn(bob, 'bob');
    const bobsId = (await list(bobSession.token)).body[0]!.id;
    const res = await http(app.url, 'DELETE', `/v1/users/@me/sessions/${bobsId}`, {
      token: aliceSession.token,
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await me(bobSession.token)).status).toBe(200);
  });

  it('"sign out everywhere" ends every session, the calling one too, and is audited', async () => {
    const user = await staff();
    const sessions = [await signIn(user, 'one'), await signIn(user, 'two'), await signIn(user, 'three')];
    const bystander = await signIn(await staff(), 'someone else');
    expect(
      (await http(app.url, 'DELETE', '/v1/users/@me/sessions', { token: sessions[0]!.token })).status,
    ).toBe(204);
    for (const s of sessions) {
      expect((await me(s.token)).status).toBeGreaterThanOrEqual(401);
      expect(
        (await http(app.url, 'POST', '/v1/token', { body: { refreshToken: s.refreshToken } })).status,
      ).toBe(401);
    }
    expect((await me(bystander.token)).status).toBe(200);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .where('action', '=', 'auth.signed_out_everywhere')
      .execute();
    expect(audit).toHaveLength(1);
    // Signing in again works as ever.
    expect((await me((await signIn(user, 'one')).token)).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await http(app.url, 'GET', '/v1/users/@me/sessions')).status).toBe(401);
    expect((await http(app.url, 'DELETE', '/v1/users/@me/sessions')).status).toBe(401);
  });
});
