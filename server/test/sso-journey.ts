import { randomUUID } from 'node:crypto';
import type { LoginResponse, SsoProvider } from '@vigilo/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { http } from './http.ts';
import type { TestOidcProvider } from './oidc.ts';

/** The public address the SSO tests give the app: the callback and the web app live there. */
export const SSO_PUBLIC_URL = 'http://vigilo.test';
export const ssoRedirectUri = `${SSO_PUBLIC_URL}/v1/sso/callback`;

/**
 * The browser's side of an SSO sign-in against a test app, step by step: start (302 to the
 * provider, with the binding cookie), the provider's pages, the callback (302 to the web
 * app with a fragment) and the code exchange. `app` is a getter: files start it in beforeAll.
 */
export function ssoJourney(app: () => TestApp) {
  /** Creates a provider for `idp` on a platform, as that platform's administrator (`token`). */
  async function createProvider(
    token: string,
    platformId: string,
    idp: TestOidcProvider,
    settings: Record<string, unknown> = {},
  ): Promise<SsoProvider> {
    const res = await http<SsoProvider>(app().url, 'POST', `/v1/sso-provider/${platformId}`, {
      token,
      body: {
        name: `Provider ${randomUUID().slice(0, 6)}`,
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        ...settings,
      },
    });
    if (res.status !== 201) throw new Error(`create provider: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** GET start: the provider URL and the browser-binding cookie. */
  async function start(providerId: string, returnTo?: string) {
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    const res = await fetch(`${app().url}/v1/sso/${providerId}/start${query}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vigilo_sso='))!;
    return { location: new URL(res.headers.get('location')!), cookie, cookieValue: cookie.split(';')[0]! };
  }

  /** GET callback as the browser: the fragment it is sent on with, and the request's id (audit rows carry it). */
  async function callbackAnswer(search: string, cookie?: string) {
    const res = await fetch(`${app().url}/v1/sso/callback${search}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SSO_PUBLIC_URL}/sso/complete`);
    const fragment = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
    return { fragment, requestId: res.headers.get('x-request-id') };
  }

  /** GET callback as the browser: where it is sent next, with the fragment read. */
  const callback = async (search: string, cookie?: string) => (await callbackAnswer(search, cookie)).fragment;

  /** After the provider: the callback, then the exchange of the one-time code. */
  async function finish(back: URL, cookieValue: string) {
    expect(`${back.origin}${back.pathname}`).toBe(ssoRedirectUri);
    const { fragment, requestId } = await callbackAnswer(back.search, cookieValue);
    if (!fragment.code) return { error: fragment.error, fragment, requestId };
    const res = await http<LoginResponse>(app().url, 'POST', '/v1/sso/exchange', {
      body: { code: fragment.code },
    });
    expect(res.status).toBe(200);
    return { answer: res.body, code: fragment.code, fragment, requestId };
  }

  /** The whole journey: start → provider sign-in as `sub` → callback → exchange. */
  async function signIn(idp: TestOidcProvider, providerId: string, sub: string) {
    const started = await start(providerId);
    return finish(await idp.signIn(started.location.href, sub), started.cookieValue);
  }

  return { createProvider, start, callback, callbackAnswer, finish, signIn };
}
