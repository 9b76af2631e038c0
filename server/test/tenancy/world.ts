import type { TestApp } from '../app.ts';
import type { TestTenant } from '../factories.ts';
import type { TestOidcProvider } from '../oidc.ts';
import type { World } from '../permissions/fixtures.ts';
import { signedIn } from '../sessions.ts';

/**
 * A tenant made ready for the permission fixtures to run in: both second-step methods on,
 * its first organisation in a workspace, and the administrators who make its objects. The
 * cross-tenant matrices make their foreign (and home) objects in such a world.
 */
export async function worldOf(app: TestApp, idp: TestOidcProvider, tenant: TestTenant): Promise<World> {
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', tenant.platformId)
    .execute();
  const workspace = await app.db
    .insertInto('workspaces')
    .values({ platform_id: tenant.platformId, name: `Workspace ${tenant.organisationIds[0].slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .updateTable('organisations')
    .set({ workspace_id: workspace.id })
    .where('id', '=', tenant.organisationIds[0])
    .execute();
  return {
    app,
    tenant,
    orgAdmin: (await signedIn(app, tenant, 'organisation_admin', 0)).token,
    platformAdmin: (await signedIn(app, tenant, 'platform_admin')).token,
    idp,
    workspaceId: workspace.id,
  };
}
