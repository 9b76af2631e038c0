import { createApiClient } from '@vigilo/client';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { insertCatalogueItem } from '../src/modules/organisations/organisations.repository.ts';
import { systemScope } from '../src/platform/scope.ts';
import { createTenant, createUser, useTestApp } from './index.ts';

const app = useTestApp();

describe('the API client against the real server', () => {
  it('signs in, reads @me, and renews an expired access token on 403 transparently', async () => {
    const tenant = await createTenant(app.db);
    const user = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const client = createApiClient({ baseUrl: app.url });
    await client.login({ email: user.email, password: user.password });
    expect((await client.getUser()).id).toBe(user.id);

    // Replace the access token with an expired one for the same session.
    const [, payload] = client.session.token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = await new SignJWT({ pid: claims.pid, oid: claims.oid, fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('vigilo')
      .setAudience('vigilo:access')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    const oldRefresh = client.session.refreshToken;
    client.setSession({ token: expired });

    expect((await client.getUser('@me')).email).toBe(user.email);
    expect(client.session.token).not.toBe(expired);
    expect(client.session.refreshToken).not.toBe(oldRefresh);

    await client.logout();
    expect(client.session.token).toBeNull();
    await expect(client.getUser()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it("getTheme reads the signed-in user's platform theme from a route the server serves", async () => {
    const tenant = await createTenant(app.db);
    await insertCatalogueItem(app.db, systemScope, 'themes', {
      platformId: tenant.platformId,
      organisationId: null,
      name: 'Blue',
      code: 'default',
      data: { primaryColor: '#1d70b8' },
    });
    const user = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const client = createApiClient({ baseUrl: app.url });
    await client.login({ email: user.email, password: user.password });
    await expect(client.getTheme()).resolves.toMatchObject({
      name: 'Blue',
      organisationId: null,
      data: { primaryColor: '#1d70b8' },
    });
    const other = await createTenant(app.db);
    await expect(client.getTheme(other.platformId)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
