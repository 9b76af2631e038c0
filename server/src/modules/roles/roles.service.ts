import { type Role, type RoleName, roleNames } from '@vigilo/contract';
import { areas } from '../../areas.ts';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import { rolePolicy } from './roles.policy.ts';

/** Every area's policy tables by name (src/areas.ts): GET /v1/roles lists them all. */
export const policyTables = (): Record<string, Record<string, Rule>> =>
  Object.assign({}, ...areas.map((area) => area.policies ?? {}));

const PLATFORM_WIDE: readonly RoleName[] = ['platform_admin', 'system_admin'];

/** `area.action` for every rule that names the role (self-only rules are not a role's permission). */
export function permissionsOf(role: RoleName, tables = policyTables()): string[] {
  return Object.entries(tables).flatMap(([area, table]) =>
    Object.entries(table)
      .filter(([, rule]) => rule.roles.includes(role))
      .map(([action]) => `${area}.${action}`),
  );
}

/** `area.action` for every rule one may apply to oneself (`self: true`), whatever one's role. */
export function ownPermissions(tables = policyTables()): string[] {
  return Object.entries(tables).flatMap(([area, table]) =>
    Object.entries(table)
      .filter(([, rule]) => rule.self)
      .map(([action]) => `${area}.${action}`),
  );
}

/** GET /v1/roles: the built-in roles with what every policy table lets each do, to others and to oneself. */
export function listRoles(actor: Actor): Role[] {
  requireAccess(actor, rolePolicy.list, {
    platformId: actor.platformId,
    organisationIds: actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])),
    userId: actor.userId,
  });
  return roleNames.map((name) => ({
    id: name,
    name,
    scope: PLATFORM_WIDE.includes(name) ? 'platform' : 'organisation',
    permissions: permissionsOf(name),
    ownPermissions: ownPermissions(),
  }));
}
