import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  signedIn,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';

// Issue #6 item 10: every refused SSO sign-in leaves an audit row saying why.
const app = useTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let tenant: TestTenant;
let idp: TestOidcProvider;
let adminToken: string;

const journey = ssoJourney(() => app);

beforeAll(async () => {
  tenant = await createTenant(app.db);
  idp = await startOidcProvider({
    redirectUri: ssoRedirectUri,
    accounts: [
      { sub: 'nobody', email: 'nobody@idp.example', email_verified: true },
      { sub: 'outsider', email: 'outsider@elsewhere.example', email_verified: true },
      { sub: 'boss', email: 'boss@idp.example', email_verified: true },
    ],
  });
  adminToken = (await signedIn(app, tenant, 'platform_admin')).token;
});
afterAll(async () => {
  await idp?.close();
});

/** The audit rows one request wrote. */
const auditOf = (requestId: string | null) =>
  app.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'platform_id', 'details'])
    .where('request_id', '=', requestId ?? '')
    .execute();

describe('audit rows for refused SSO sign-ins', () => {
  it('records an invalid state', async () => {
    const { fragment, requestId } = await journey.callbackAnswer('?code=x&state=forged');
    expect(fragment.error).toBe('SSO_STATE_INVALID');
    expect(await auditOf(requestId)).toMatchObject([
      {
        action: 'sso.sign_in_refused',
        entity_id: null,
        details: { code: 'SSO_STATE_INVALID', stage: 'callback' },
      },
    ]);
  });

  it('records a failed token exchange (PKCE verifier mismatch)', async () => {
    const provider = await journey.createProvider(adminToken, tenant.platformId, idp);
    const started = await journey.start(provider.id);
    await app.db
      .updateTable('sso_login_states')
      .set({ code_verifier: 'y'.repeat(64) })
      .where('state', '=', started.location.searchParams.get('state')!)
      .execute();
    const result = await journey.finish(
      await idp.signIn(started.location.href, 'nobody'),
      started.cookieValue,
    );
    expect(result.error).toBe('SSO_LOGIN_FAILED');
    expect(await auditOf(result.requestId)).toMatchObject([
      {
        action: 'sso.sign_in_refused',
        entity_id: provider.id,
        platform_id: tenant.platformId,
        details: { code: 'SSO_LOGIN_FAILED', stage: 'callback' },
      },
    ]);
  });

  it('records an account not found, an email not allowed and a refused platform-wide account', async () => {
    const provider = await journey.createProvider(adminToken, tenant.platformId, idp);
    const restricted = await journey.createProvider(adminToken, tenant.platformId, idp, {
      allowedEmailDomains: ['idp.example'],
    });
    const boss = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: null,
      role: 'platform_admin',
    });
    await app.db
      .insertInto('user_identities')
      .values({
        platform_id: tenant.platformId,
        user_id: boss.id,
        provider_id: provider.id,
        issuer: idp.issuer,
        subject: 'boss',
      })
      .execute();
    for (const [providerId, sub, code] of [
      [provider.id, 'nobody', 'SSO_ACCOUNT_NOT_FOUND'],
      [restricted.id, 'outsider', 'SSO_EMAIL_NOT_ALLOWED'],
      [provider.id, 'boss', 'SSO_ACCOUNT_NOT_ALLOWED'],
    ] as const) {
      const result = await journey.signIn(idp, providerId, sub);
      expect(result.error).toBe(code);
      expect(await auditOf(result.requestId)).toMatchObject([
        {
          action: 'sso.sign_in_refused',
          entity_id: providerId,
          details: { code, stage: 'callback', issuer: idp.issuer, subject: sub },
        },
      ]);
    }
  });

  it('records a refused exchange code', async () => {
    const res = await http(app.url, 'POST', '/v1/sso/exchange', { body: { code: 'never-issued' } });
    expect(res.status).toBe(401);
    expect(await auditOf(res.headers.get('x-request-id'))).toMatchObject([
      { action: 'sso.sign_in_refused', details: { code: 'SSO_CODE_INVALID', stage: 'exchange' } },
    ]);
  });
});
