import { type Role, type RoleName, roleNames } from '@vigilo/contract';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import { accountPolicy } from '../accounts/accounts.policy.ts';
import { changeRequestPolicy } from '../change-requests/change-requests.policy.ts';
import { userPolicy } from '../users/users.policy.ts';
import { rolePolicy } from './roles.policy.ts';

/**
 * The policy tables GET /v1/roles reads, by area. An area adds its table here to have its
 * permissions listed (the tables themselves stay where the area's services use them).
 */
export const policyTables: Record<string, Record<string, Rule>> = {
  users: userPolicy,
  changeRequests: changeRequestPolicy,
  accounts: accountPolicy,
  roles: rolePolicy,
};

const PLATFORM_WIDE: readonly RoleName[] = ['platform_admin', 'system_admin'];

/** `area.action` for every rule that names the role (self-only rules are not a role's permission). */
export function permissionsOf(role: RoleName, tables = policyTables): string[] {
  return Object.entries(tables).flatMap(([area, table]) =>
    Object.entries(table)
      .filter(([, rule]) => rule.roles.includes(role))
      .map(([action]) => `${area}.${action}`),
  );
}

/** GET /v1/roles: the built-in roles with what the policy tables let each do. */
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
  }));
}
