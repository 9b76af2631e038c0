import type { Session } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  signedIn,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';
import { isAcceptedEmail } from '../../platform/email.ts';

// Issue 28 item 8: SSO account creation applies the email rules of the other routes, and two
// providers with the same issuer URL do not share identities (decision 0330).
const app = useTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const journey = ssoJourney(() => app);
let tenant: TestTenant;
let idp: TestOidcProvider;
let staff: TestUser;
let adminToken: string;
const DOMAIN = `sso-${Date.now().toString(36)}.vigilo.test`;
const REAL = `staff@${DOMAIN}`;
// The look-alikes of REAL the issue saw created beside it.
const LOOK_ALIKES = {
  'trailing-dot': `staff@${DOMAIN}.`,
  cyrillic: `st\u0430ff@${DOMAIN}`, // а: CYRILLIC SMALL LETTER A
  'combining-dot': `staff@${DOMAIN.replace('vigilo', 'vigi\u0307lo')}`, // i + COMBINING DOT ABOVE
};

beforeAll(async () => {
  tenant = await createTenant(app.db);
  staff = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_staff',
  });
  await app.db.updateTable('users').set({ email: REAL }).where('id', '=', staff.id).execute();
  adminToken = (await signedIn(app, tenant, 'platform_admin')).token;
  idp = await startOidcProvider({
    redirectUri: ssoRedirectUri,
    accounts: [
      ...Object.entries(LOOK_ALIKES).map(([sub, email]) => ({ sub, email, email_verified: true })),
      { sub: 'staff', email: REAL, email_verified: true },
      { sub: 'newcomer', email: `newcomer@${DOMAIN}`, email_verified: true },
    ],
  });
});
afterAll(() => idp?.close());

const usersLike = (pattern: string) =>
  app.db
    .selectFrom('users')
    .select('email')
    .where('platform_id', '=', tenant.platformId)
    .where('email', 'ilike', pattern)
    .execute();

describe('SSO account creation', () => {
  it('takes the addresses the other routes take and refuses the look-alikes', () => {
    expect(isAcceptedEmail(REAL)).toBe(true);
    expect(isAcceptedEmail('a.b+c@example.org')).toBe(true);
    for (const email of Object.values(LOOK_ALIKES)) expect(isAcceptedEmail(email), email).toBe(false);
    expect(isAcceptedEmail(`${'a'.repeat(310)}@example.org`)).toBe(false); // 322 characters
  });

  it('refuses a trailing dot, a Cyrillic homoglyph and a combining dot, and makes no account', async () => {
    const provider = await journey.createProvider(adminToken, tenant.platformId, idp, {
      autoCreateUsers: true,
      autoCreateOrganisationId: tenant.organisationIds[1],
    });
    for (const sub of Object.keys(LOOK_ALIKES)) {
      expect((await journey.signIn(idp, provider.id, sub)).error, sub).toBe('SSO_EMAIL_NOT_ALLOWED');
    }
    // The invite route refuses the same addresses (the rule SSO now shares).
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    for (const email of Object.values(LOOK_ALIKES)) {
      const res = await http<{ code: string; meta: { fields: { field: string }[] } }>(
        app.url,
        'POST',
        `/v1/organisation/${tenant.organisationIds[0]}/invite`,
        { token, body: { email, role: 'reporter' } },
      );
      expect(res.status, email).toBe(400);
      expect(res.body.meta.fields[0]!.field, email).toBe('body/email');
    }
    // Only the real account, and no identity for the look-alikes.
    expect(await usersLike('%staff@%')).toEqual([{ email: REAL }]);
    const identities = await app.db
      .selectFrom('user_identities')
      .select('subject')
      .where('provider_id', '=', provider.id)
      .execute();
    expect(identities).toEqual([]);
    // A valid new address still gets its account.
    const newcomer = await journey.signIn(idp, provider.id, 'newcomer');
    expect(newcomer.answer).toMatchObject({ token: expect.any(String) });
    expect(await usersLike('newcomer@%')).toEqual([{ email: `newcomer@${DOMAIN}` }]);
  });
});

describe('two providers with the same issuer URL', () => {
  it('do not share identities: a link made through one does not sign in through the other', async () => {
    const first = await journey.createProvider(adminToken, tenant.platformId, idp);
    const second = await journey.createProvider(adminToken, tenant.platformId, idp);
    expect(first.issuerUrl).toBe(second.issuerUrl);
    const link = (providerId: string) =>
      http(app.url, 'POST', `/v1/sso-provider/${providerId}/identities`, {
        token: adminToken,
        body: { email: REAL, subject: 'staff' },
      });
    expect((await link(first.id)).status).toBe(201);
    const viaFirst = await journey.signIn(idp, first.id, 'staff');
    expect((viaFirst.answer as Session).id).toBe(staff.id);
    // Not linked through the second provider: no session, whichever account.
    expect((await journey.signIn(idp, second.id, 'staff')).error).toBe('SSO_ACCOUNT_NOT_FOUND');
    // Its own link is its own (not "already linked" because of the first provider's) …
    expect((await link(second.id)).status).toBe(201);
    expect(((await journey.signIn(idp, second.id, 'staff')).answer as Session).id).toBe(staff.id);
    // … and removing the first provider's link leaves the second's working.
    const [firstLink] = await app.db
      .selectFrom('user_identities')
      .select('id')
      .where('provider_id', '=', first.id)
      .execute();
    const removed = await http(
      app.url,
      'DELETE',
      `/v1/sso-provider/${first.id}/identities/${firstLink!.id}`,
      { token: adminToken },
    );
    expect(removed.status).toBe(204);
    expect((await journey.signIn(idp, first.id, 'staff')).error).toBe('SSO_ACCOUNT_NOT_FOUND');
    expect(((await journey.signIn(idp, second.id, 'staff')).answer as Session).id).toBe(staff.id);
    // The same identity twice at one provider is still refused.
    expect((await link(second.id)).status).toBe(409);
  });
});
