import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { ssoJourney } from '../../../test/sso-journey.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { ssoCookie } from './sso.sign-in.ts';

// The browser-binding cookie through @fastify/cookie (issue 27): the attributes it had when it
// was written by hand, and a cookie header with other cookies in it read as before.
const HTTPS_URL = 'https://vigilo.test';
const app = useTestApp({ PUBLIC_URL: HTTPS_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const journey = ssoJourney(() => app);
let tenant: TestTenant;
let idp: TestOidcProvider;

beforeAll(async () => {
  tenant = await createTenant(app.db);
  idp = await startOidcProvider({
    redirectUri: `${HTTPS_URL}/v1/sso/callback`,
    accounts: [{ sub: 'nobody-here', email: 'nobody-here@example.test', email_verified: true }],
  });
});
afterAll(() => idp?.close());

const deps = (env: 'test' | 'production', publicUrl: string) => ({ config: { env, publicUrl } }) as AppDeps;

describe('the SSO browser-binding cookie', () => {
  it('is Secure when the app is served over https or runs in production, not otherwise', () => {
    expect(ssoCookie(deps('test', 'http://vigilo.test'), 600)).toEqual({
      path: '/v1/sso',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 600,
      secure: false,
    });
    expect(ssoCookie(deps('test', 'https://vigilo.test'), 600).secure).toBe(true);
    expect(ssoCookie(deps('production', 'http://vigilo.internal'), 0)).toEqual({
      path: '/v1/sso',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 0,
      secure: true,
    });
  });

  it('is set by start with every attribute, read from among other cookies, and cleared by the callback', async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    const provider = await journey.createProvider(token, tenant.platformId, idp);
    const res = await fetch(`${app.url}/v1/sso/${provider.id}/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const [cookie] = res.headers.getSetCookie();
    const value = /^vigilo_sso=([A-Za-z0-9_-]{43});/.exec(cookie ?? '')?.[1];
    expect(value).toBeTruthy();
    expect(cookie).toBe(`vigilo_sso=${value}; Max-Age=600; Path=/v1/sso; HttpOnly; Secure; SameSite=Lax`);

    const back = await idp.signIn(res.headers.get('location')!, 'nobody-here');
    const callback = await fetch(`${app.url}/v1/sso/callback${back.search}`, {
      redirect: 'manual',
      headers: { cookie: `theme=dark; vigilo_sso=${value}; other=a=b` },
    });
    expect(callback.status).toBe(302);
    // The cookie was read and matched: the sign-in got as far as finding no account (a
    // cookie not read answers SSO_STATE_INVALID).
    expect(callback.headers.get('location')).toBe(`${HTTPS_URL}/sso/complete#error=SSO_ACCOUNT_NOT_FOUND`);
    expect(callback.headers.getSetCookie()).toEqual([
      'vigilo_sso=; Max-Age=0; Path=/v1/sso; HttpOnly; Secure; SameSite=Lax',
    ]);
  });
});
