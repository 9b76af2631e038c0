import type { Session } from '@vigilo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';

/** A refresh token is good until its expiry, and not a moment after (decision 0003). */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

async function sessionExpiringIn(seconds: number): Promise<Session> {
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
  const session = await login(app.url, user);
  await app.db
    .updateTable('refresh_tokens')
    .set({ expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('user_id', '=', user.id)
    .execute();
  return session;
}

const refresh = (session: Session) =>
  http<Session & { code?: string }>(app.url, 'POST', '/v1/token', {
    body: { refreshToken: session.refreshToken },
  });

describe('refresh-token expiry', () => {
  it('rotates a token that expires in a minute', async () => {
    const res = await refresh(await sessionExpiringIn(60));
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).toEqual(expect.any(String));
  });

  it('refuses a token that expired a second ago, and one that expired a day ago', async () => {
    for (const seconds of [-1, -86_400]) {
      const res = await refresh(await sessionExpiringIn(seconds));
      expect({ seconds, status: res.status, code: res.body.code }).toEqual({
        seconds,
        status: 401,
        code: 'REFRESH_TOKEN_INVALID',
      });
    }
  });
});
