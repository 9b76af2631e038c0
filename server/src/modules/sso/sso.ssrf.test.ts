import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SsoProvider, SsoProviderLink } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  http,
  signedIn,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';

// Two apps: one that may reach the loopback test provider (allow-listed, as in development),
// and one with the safe default (no allow-list).
let allowing: TestApp;
let guarded: TestApp;
let idp: TestOidcProvider;
let tenant: TestTenant;
let allowingToken: string;
let guardedToken: string;

beforeAll(async () => {
  [allowing, guarded] = await Promise.all([
    startTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }),
    startTestApp({ PUBLIC_URL: SSO_PUBLIC_URL }),
  ]);
  tenant = await createTenant(allowing.db);
  idp = await startOidcProvider({ redirectUri: ssoRedirectUri, accounts: [{ sub: 'someone' }] });
  allowingToken = (await signedIn(allowing, tenant, 'platform_admin')).token;
  guardedToken = (await signedIn(guarded, tenant, 'platform_admin')).token;
});
afterAll(async () => {
  await allowing?.close();
  await guarded?.close();
  await idp?.close();
});

const journey = ssoJourney(() => allowing);
const providerBody = (issuerUrl: string, extra: Record<string, unknown> = {}) => ({
  name: 'Internal',
  issuerUrl,
  clientId: idp.clientId,
  ...extra,
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('SSO discovery happens when the provider is saved, never on start', () => {
  it('reads the discovery document on saving; starting a sign-in sends no request at all', async () => {
    idp.requests.length = 0;
    const provider = await journey.createProvider(allowingToken, tenant.platformId, idp);
    expect(idp.requests).toEqual(['GET /.well-known/openid-configuration']);
    expect(provider.discoveredAt).not.toBeNull();

    idp.requests.length = 0;
    for (let i = 0; i < 3; i++) {
      const started = await journey.start(provider.id);
      expect(`${started.location.origin}${started.location.pathname}`).toBe(`${idp.issuer}/auth`);
    }
    expect(idp.requests).toEqual([]);
  });

  it('a provider without a stored document (saved before discovery-on-save) fails to start without fetching', async () => {
    const provider = await journey.createProvider(allowingToken, tenant.platformId, idp);
    await allowing.db
      .updateTable('sso_providers')
      .set({ metadata: null, discovered_at: null })
      .where('id', '=', provider.id)
      .execute();
    idp.requests.length = 0;
    const res = await fetch(`${allowing.url}/v1/sso/${provider.id}/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${SSO_PUBLIC_URL}/sso/complete#error=SSO_LOGIN_FAILED`);
    expect(idp.requests).toEqual([]);
    // …and the login page offers no button for it.
    const links = await http<SsoProviderLink[]>(
      allowing.url,
      'GET',
      `/v1/sso-providers?platformId=${tenant.platformId}`,
    );
    expect(links.body.map((l) => l.id)).not.toContain(provider.id);
  });
});

describe('SSO issuer URLs that point inside the network are refused', () => {
  it('refuses loopback, private, metadata, IPv6 loopback and numeric forms without the allow-list', async () => {
    const port = new URL(idp.issuer).port;
    const issuers = [
      idp.issuer,
      `http://localhost:${port}`,
      'http://10.0.0.7',
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}`,
      `http://0x7f000001:${port}`,
      `http://2130706433:${port}`,
      'http://user:secret@login.example.com',
    ];
    idp.requests.length = 0;
    for (const issuerUrl of issuers) {
      const res = await http(guarded.url, 'POST', `/v1/sso-provider/${tenant.platformId}`, {
        token: guardedToken,
        body: providerBody(issuerUrl),
      });
      expect({ issuerUrl, status: res.status }).toEqual({ issuerUrl, status: 400 });
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        meta: { fields: [{ field: 'body/issuerUrl' }] },
      });
    }
    expect(idp.requests).toEqual([]);
    const stored = await guarded.db
      .selectFrom('sso_providers')
      .select('id')
      .where('platform_id', '=', tenant.platformId)
      .where('name', '=', 'Internal')
      .execute();
    expect(stored).toEqual([]);
  });

  it('allows exactly the allow-listed host: other internal addresses and numeric forms stay refused', async () => {
    const port = new URL(idp.issuer).port;
    for (const issuerUrl of ['http://10.0.0.7', `http://0x7f000001:${port}`, `http://[::1]:${port}`]) {
      const res = await http(allowing.url, 'POST', `/v1/sso-provider/${tenant.platformId}`, {
        token: allowingToken,
        body: providerBody(issuerUrl),
      });
      expect({ issuerUrl, status: res.status }).toEqual({ issuerUrl, status: 400 });
    }
    const ok = await http(allowing.url, 'POST', `/v1/sso-provider/${tenant.platformId}`, {
      token: allowingToken,
      body: providerBody(idp.issuer),
    });
    expect(ok.status).toBe(201);
  });

  it('refuses changing a saved provider to a metadata address, and keeps its settings', async () => {
    const provider = await journey.createProvider(allowingToken, tenant.platformId, idp);
    const res = await http(allowing.url, 'PUT', `/v1/sso-provider/${provider.id}`, {
      token: allowingToken,
      body: { issuerUrl: 'http://169.254.169.254' },
    });
    expect(res.status).toBe(400);
    const after = await http<SsoProvider>(allowing.url, 'GET', `/v1/sso-provider/${provider.id}`, {
      token: allowingToken,
    });
    expect(after.body.issuerUrl).toBe(idp.issuer);
  });
});

describe('a provider whose discovery fails', () => {
  it('cannot be saved enabled (422), can be saved disabled, and cannot be enabled until discovery works', async () => {
    const issuerUrl = `http://127.0.0.1:${await closedPort()}`;
    const enabled = await http(allowing.url, 'POST', `/v1/sso-provider/${tenant.platformId}`, {
      token: allowingToken,
      body: providerBody(issuerUrl),
    });
    expect(enabled.status).toBe(422);
    expect(enabled.body).toMatchObject({ code: 'SSO_DISCOVERY_FAILED', statusCode: 422 });

    const disabled = await http<SsoProvider>(allowing.url, 'POST', `/v1/sso-provider/${tenant.platformId}`, {
      token: allowingToken,
      body: providerBody(issuerUrl, { enabled: false }),
    });
    expect(disabled.status).toBe(201);
    expect(disabled.body).toMatchObject({ enabled: false, discoveredAt: null });

    const enabling = await http(allowing.url, 'PUT', `/v1/sso-provider/${disabled.body.id}`, {
      token: allowingToken,
      body: { enabled: true },
    });
    expect(enabling.status).toBe(422);
    const fixed = await http<SsoProvider>(allowing.url, 'PUT', `/v1/sso-provider/${disabled.body.id}`, {
      token: allowingToken,
      body: { enabled: true, issuerUrl: idp.issuer },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.enabled).toBe(true);
    expect(fixed.body.discoveredAt).not.toBeNull();
  });
});
