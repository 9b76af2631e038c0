import type { RoleName, Session } from '@vigilo/contract';
import { tokenSignerFor } from '../src/app.ts';
import { issueSession } from '../src/modules/auth/auth.service.ts';
import { findUserView } from '../src/modules/users/users.repository.ts';
import type { AppDeps } from '../src/platform/app-types.ts';
import { systemScope } from '../src/platform/scope.ts';
import type { TestApp } from './app.ts';
import { createUser, login, type TestTenant, type TestUser } from './factories.ts';

/**
 * Test sessions issued by the same code as a login (auth.service's issueSession), so the
 * role and cross-tenant matrices can make hundreds of users without meeting the login
 * route's rate limit. Sign-in itself is tested in modules/auth.
 */
export async function sessionFor(app: TestApp, user: TestUser): Promise<Session> {
  const deps = { config: app.config, db: app.db, tokens: tokenSignerFor(app.config) } as unknown as AppDeps;
  const row = await findUserView(app.db, systemScope, user.id);
  if (!row) throw new Error(`no user ${user.id}`);
  return issueSession(deps, app.db, row, user.organisationId);
}

const platformWide = (role: RoleName) => role === 'platform_admin' || role === 'system_admin';

/** A signed-in user with `role` in organisation `org` of `tenant` (platform-wide roles: no organisation). */
export async function signedIn(app: TestApp, tenant: TestTenant, role: RoleName, org: 0 | 1 = 0) {
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: platformWide(role) ? null : tenant.organisationIds[org],
    role,
  });
  const session = await sessionFor(app, user);
  return { user, token: session.token, session };
}

/**
 * One user per tenant × role × organisation, signed in through POST /v1/login (assessors
 * through /v1/login/assessor) on first use and reused after: role matrices ask many times.
 * `app` is a getter because test files start their app in beforeAll.
 */
export function cachedSessions(app: () => TestApp) {
  const sessions = new Map<string, Promise<Session>>();
  return (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0): Promise<Session> => {
    // By organisation id, not index: tenants that share a platform (signedInToTwo's third
    // organisation) must not share sessions.
    const key = `${tenant.platformId}:${role}:${tenant.organisationIds[organisation]}`;
    let session = sessions.get(key);
    if (!session) {
      session = (async () => {
        const organisationId = platformWide(role) ? null : tenant.organisationIds[organisation];
        const user = await createUser(app().db, { platformId: tenant.platformId, organisationId, role });
        return login(app().url, user, role === 'assessor' ? '/v1/login/assessor' : '/v1/login');
      })();
      sessions.set(key, session);
    }
    return session;
  };
}

/**
 * A user of two organisations: `roles[0]` in organisation A of `tenant` (where the session
 * works) and `roles[1]` in B, and a third organisation C of the same platform, where it
 * has nothing. The cross-tenant tests ask it for C's and another platform's objects.
 */
export async function signedInToTwo(app: TestApp, tenant: TestTenant, roles: [RoleName, RoleName]) {
  const [a, b] = tenant.organisationIds;
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId: a, role: roles[0] });
  await app.db
    .insertInto('memberships')
    .values({ platform_id: tenant.platformId, user_id: user.id, organisation_id: b, role: roles[1] })
    .execute();
  const third = await app.db
    .insertInto('organisations')
    .values({ platform_id: tenant.platformId, name: `Org C ${user.id.slice(0, 8)}`, kind: 'other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await sessionFor(app, user);
  /** The same platform seen from C: `signedIn(app, thirdTenant, role)` makes C's own users. */
  const thirdTenant: TestTenant = { platformId: tenant.platformId, organisationIds: [third.id, third.id] };
  return { user, token: session.token, session, thirdOrganisationId: third.id, thirdTenant };
}
