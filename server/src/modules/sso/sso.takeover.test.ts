import type { LoginResponse, MfaSession, SsoProvider } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  sessionFor,
  signedIn,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';
import { enableTotp, totpCode } from '../../../test/totp.ts';

// Issue #6 item 1: a platform administrator adds a provider they control, whose ID tokens say
// whatever they like. It must not open anyone's account, nor skip anyone's second factor.
const app = useTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let tenant: TestTenant;
let idp: TestOidcProvider;
let attackerToken: string;
let sysadmin: TestUser;
let platformAdmin: TestUser;
let staff: TestUser;
let totpSecret: string;
let untrusted: SsoProvider;
let trusted: SsoProvider;

const PAPE_MFA = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';
const journey = ssoJourney(() => app);

beforeAll(async () => {
  tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'] })
    .where('id', '=', tenant.platformId)
    .execute();
  const org = tenant.organisationIds[0];
  [sysadmin, platformAdmin, staff] = await Promise.all([
    createUser(app.db, { platformId: tenant.platformId, organisationId: null, role: 'system_admin' }),
    createUser(app.db, { platformId: tenant.platformId, organisationId: null, role: 'platform_admin' }),
    createUser(app.db, { platformId: tenant.platformId, organisationId: org, role: 'organisation_staff' }),
  ]);
  totpSecret = await enableTotp(app, (await sessionFor(app, staff)).token, staff.password);
  const claims = (email: string) => ({ email, email_verified: true });
  idp = await startOidcProvider({
    redirectUri: ssoRedirectUri,
    accounts: [
      { sub: 'claims-sysadmin', ...claims(sysadmin.email) },
      { sub: 'claims-platform-admin', ...claims(platformAdmin.email) },
      { sub: 'claims-staff', ...claims(staff.email) },
      { sub: 'legacy-sysadmin', ...claims(sysadmin.email) },
      { sub: 'staff-no-amr', ...claims(staff.email) },
      { sub: 'staff-amr-mfa', ...claims(staff.email), amr: ['pwd', 'mfa'] },
      { sub: 'staff-amr-pwd', ...claims(staff.email), amr: ['pwd'] },
      { sub: 'staff-acr-mfa', ...claims(staff.email), acr: PAPE_MFA },
    ],
  });
  // The attacker is a platform administrator (another account than the victims).
  attackerToken = (await signedIn(app, tenant, 'platform_admin')).token;
  // Worst case: the provider creates accounts and claims to be trusted for MFA.
  const settings = { autoCreateUsers: true, autoCreateOrganisationId: org };
  untrusted = await journey.createProvider(attackerToken, tenant.platformId, idp, settings);
  trusted = await journey.createProvider(attackerToken, tenant.platformId, idp, {
    ...settings,
    trustedForMfa: true,
  });
});
afterAll(async () => {
  await idp?.close();
});

/**
 * An identity linked the way earlier releases did it (or as a link made before): straight in
 * the table, at both providers (identities are keyed by provider, decision 0330).
 */
const linkInTable = (user: TestUser, subject: string) =>
  app.db
    .insertInto('user_identities')
    .values(
      [untrusted, trusted].map((provider) => ({
        platform_id: tenant.platformId,
        user_id: user.id,
        provider_id: provider.id,
        issuer: idp.issuer,
        subject,
      })),
    )
    .execute();

const refreshTokensOf = async (user: TestUser) =>
  (await app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).execute()).length;

const isSession = (answer: LoginResponse | undefined) => Boolean(answer && 'token' in answer);

describe('an attacker-controlled provider asserting someone else’s verified email', () => {
  it('gets no session for a system administrator, a platform administrator or a staff member', async () => {
    for (const [sub, victim] of [
      ['claims-sysadmin', sysadmin],
      ['claims-platform-admin', platformAdmin],
      ['claims-staff', staff],
    ] as const) {
      const tokensBefore = await refreshTokensOf(victim);
      for (const provider of [untrusted, trusted]) {
        const result = await journey.signIn(idp, provider.id, sub);
        expect({ sub, error: result.error, session: isSession(result.answer) }).toEqual({
          sub,
          error: 'SSO_ACCOUNT_NOT_FOUND',
          session: false,
        });
      }
      expect(await refreshTokensOf(victim)).toBe(tokensBefore);
      const links = await app.db
        .selectFrom('user_identities')
        .select('id')
        .where('user_id', '=', victim.id)
        .execute();
      expect(links).toEqual([]);
    }
    // No account was created beside the existing ones either.
    const accounts = await app.db
      .selectFrom('users')
      .select('id')
      .where('platform_id', '=', tenant.platformId)
      .where('email', 'in', [sysadmin.email, platformAdmin.email, staff.email])
      .execute();
    expect(accounts).toHaveLength(3);
  });

  it('never signs in a platform-wide account, even through an identity linked before', async () => {
    await linkInTable(sysadmin, 'legacy-sysadmin');
    const result = await journey.signIn(idp, trusted.id, 'legacy-sysadmin');
    expect(result.error).toBe('SSO_ACCOUNT_NOT_ALLOWED');
    expect(await refreshTokensOf(sysadmin)).toBe(0);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sso.sign_in_refused')
      .where('entity_id', '=', trusted.id)
      .execute();
    expect(audit.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ code: 'SSO_ACCOUNT_NOT_ALLOWED', subject: 'legacy-sysadmin' }),
    );
  });
});

describe("after SSO, Vigilo's own second factor", () => {
  beforeAll(async () => {
    for (const subject of ['staff-no-amr', 'staff-amr-mfa', 'staff-amr-pwd', 'staff-acr-mfa'])
      await linkInTable(staff, subject);
  });

  it('is asked of a TOTP user, with the same MFA step as a password sign-in', async () => {
    const result = await journey.signIn(idp, untrusted.id, 'staff-no-amr');
    expect(result.answer).toEqual({ requiresMfa: true, sessionId: expect.any(String), methods: ['totp'] });
    const sessionId = (result.answer as { sessionId: string }).sessionId;
    // The MFA session is not a session: it opens nothing else.
    const me = await http(app.url, 'GET', '/v1/users/@me', { token: sessionId });
    expect(me.status).toBeGreaterThanOrEqual(400);
    const wrong = await http(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const verified = await http<MfaSession>(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { code: await totpCode(totpSecret, 1) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.id).toBe(staff.id);
  });

  it('is skipped only when the provider is trusted for MFA and its ID token says MFA was done', async () => {
    const outcome = async (provider: SsoProvider, sub: string) => {
      const { answer } = await journey.signIn(idp, provider.id, sub);
      return isSession(answer)
        ? 'session'
        : (answer as { requiresMfa?: boolean })?.requiresMfa
          ? 'mfa'
          : 'none';
    };
    expect(await outcome(trusted, 'staff-amr-mfa')).toBe('session');
    expect(await outcome(trusted, 'staff-acr-mfa')).toBe('session');
    expect(await outcome(trusted, 'staff-no-amr')).toBe('mfa');
    expect(await outcome(trusted, 'staff-amr-pwd')).toBe('mfa');
    expect(await outcome(untrusted, 'staff-amr-mfa')).toBe('mfa');
    const logins = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.signed_in')
      .where('entity_id', '=', staff.id)
      .execute();
    expect(logins.map((l) => l.details)).toContainEqual(
      expect.objectContaining({ kind: 'sso', providerId: trusted.id, providerMfa: true }),
    );
  });
});
