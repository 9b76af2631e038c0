import type { RoleName, Session } from '@vigilo/contract';
import { type AppDeps, tokenSignerFor } from '../src/app.ts';
import { issueSession } from '../src/modules/auth/auth.service.ts';
import { findUserView } from '../src/modules/users/users.repository.ts';
import type { TestApp } from './app.ts';
import { createUser, type TestTenant, type TestUser } from './factories.ts';

/**
 * Test sessions issued by the same code as a login (auth.service's issueSession), so the
 * role and cross-tenant matrices can make hundreds of users without meeting the login
 * route's rate limit. Sign-in itself is tested in modules/auth.
 */
export async function sessionFor(app: TestApp, user: TestUser): Promise<Session> {
  const deps = { config: app.config, db: app.db, tokens: tokenSignerFor(app.config) } as unknown as AppDeps;
  const row = await findUserView(app.db, user.id);
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
