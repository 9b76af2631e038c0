import type { Membership, RoleName } from '@vigilo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/platform/access.ts';
import { inScope, type Scope, scopeFor, systemScope } from '../src/platform/scope.ts';
import { createTenant, createUser, type TestTenant, useTestApp } from './index.ts';

let home: TestTenant;
let foreign: TestTenant;

/** An actor as authenticate.ts builds it, reduced to what a scope reads. */
const actorWith = (userId: string, platformId: string, memberships: [RoleName, string | null][]): Actor =>
  ({
    userId,
    platformId,
    organisationId: memberships[0]?.[1] ?? null,
    familyId: 'f',
    memberships: memberships.map(([role, organisationId]) => ({ role, organisationId }) as Membership),
  }) as Actor;

const visibleOrganisations = async (scope: Scope) =>
  (
    await inScope(app.db.selectFrom('organisations as o').select('o.id'), scope, {
      platform: 'o.platform_id',
      organisation: 'o.id',
    })
      .where('o.platform_id', 'in', [home.platformId, foreign.platformId])
      .execute()
  )
    .map((r) => r.id)
    .sort();

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

describe('scopeFor and inScope', () => {
  it('shows an organisation member its organisations, a platform admin its platform, a system admin all', async () => {
    const [a, b] = home.organisationIds;
    const member = actorWith('u', home.platformId, [['organisation_staff', a]]);
    expect(await visibleOrganisations(scopeFor(member))).toEqual([a]);
    const twoOrganisations = actorWith('u', home.platformId, [
      ['reporter', a],
      ['organisation_admin', b],
    ]);
    expect(await visibleOrganisations(scopeFor(twoOrganisations))).toEqual([a, b].sort());
    // Under a rule only organisation admins hold, the reporter's organisation drops out.
    expect(await visibleOrganisations(scopeFor(twoOrganisations, { roles: ['organisation_admin'] }))).toEqual(
      [b],
    );
    const platformAdmin = actorWith('u', home.platformId, [['platform_admin', null]]);
    expect(await visibleOrganisations(scopeFor(platformAdmin))).toEqual([a, b].sort());
    const systemAdmin = actorWith('u', home.platformId, [['system_admin', null]]);
    const everything = [...home.organisationIds, ...foreign.organisationIds].sort();
    expect(await visibleOrganisations(scopeFor(systemAdmin))).toEqual(everything);
    expect(await visibleOrganisations(systemScope)).toEqual(everything);
    const nobody = actorWith('u', home.platformId, []);
    expect(await visibleOrganisations(scopeFor(nobody))).toEqual([]);
  });

  it('shows an application only its own organisation, and nothing under a rule applications may not use', async () => {
    const [a] = home.organisationIds;
    const application = {
      ...actorWith('app', home.platformId, []),
      organisationId: a,
      application: { id: 'app', name: 'x', keyId: 'k', submissionServiceUser: false },
    };
    expect(await visibleOrganisations(scopeFor(application))).toEqual([a]);
    expect(await visibleOrganisations(scopeFor(application, { roles: ['organisation_admin'] }))).toEqual([]);
  });
});

describe('user groups narrow inside the scope', () => {
  it('shows a narrowed member only the report types and locations its groups allow', async () => {
    const [a, b] = home.organisationIds;
    const staff = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: a,
      role: 'organisation_staff',
    });
    const [north, south] = await app.db
      .insertInto('locations')
      .values(['North', 'South'].map((name) => ({ platform_id: home.platformId, organisation_id: a, name })))
      .returning('id')
      .execute();
    const rows = sql`(select * from (values
      (1, ${home.platformId}::uuid, ${a}::uuid, 'spontaneous', ${north!.id}::uuid),
      (2, ${home.platformId}::uuid, ${a}::uuid, 'study', ${north!.id}::uuid),
      (3, ${home.platformId}::uuid, ${a}::uuid, 'spontaneous', ${south!.id}::uuid),
      (4, ${home.platformId}::uuid, ${b}::uuid, 'study', ${south!.id}::uuid)
    ) as v(n, platform_id, organisation_id, report_type, location_id))`;
    const visible = async (scope: Scope) =>
      (
        await inScope(app.db.selectFrom(rows.as('r') as never).select(sql<number>`r.n`.as('n')), scope, {
          platform: 'r.platform_id',
          organisation: 'r.organisation_id',
          reportType: 'r.report_type',
          location: 'r.location_id',
        }).execute()
      )
        .map((r) => (r as { n: number }).n)
        .sort();
    const memberOfBoth = actorWith(staff.id, home.platformId, [
      ['organisation_staff', a],
      ['organisation_staff', b],
    ]);
    // In no group: not narrowed.
    expect(await visible(scopeFor(memberOfBoth))).toEqual([1, 2, 3, 4]);

    const group = await app.db
      .insertInto('user_groups')
      .values({
        platform_id: home.platformId,
        organisation_id: a,
        name: 'North spontaneous',
        report_types: ['spontaneous'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('user_group_users').values({ group_id: group.id, user_id: staff.id }).execute();
    await app.db
      .insertInto('user_group_locations')
      .values({ group_id: group.id, location_id: north!.id })
      .execute();
    // Narrowed in organisation A only; B's row stays.
    expect(await visible(scopeFor(memberOfBoth))).toEqual([1, 4]);

    // A second group naming no location opens every location, for the union of the types.
    const anywhere = await app.db
      .insertInto('user_groups')
      .values({ platform_id: home.platformId, organisation_id: a, name: 'Anywhere', report_types: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('user_group_users')
      .values({ group_id: anywhere.id, user_id: staff.id })
      .execute();
    expect(await visible(scopeFor(memberOfBoth))).toEqual([1, 2, 3, 4]);
    await app.db.deleteFrom('user_group_users').where('group_id', '=', anywhere.id).execute();

    // The organisation's administrator is not narrowed by the groups it manages.
    const asAdmin = actorWith(staff.id, home.platformId, [['organisation_admin', a]]);
    expect(await visible(scopeFor(asAdmin))).toEqual([1, 2, 3]);
    // Nor is a platform administrator.
    expect(await visible(scopeFor(actorWith(staff.id, home.platformId, [['platform_admin', null]])))).toEqual(
      [1, 2, 3, 4],
    );
  });
});
