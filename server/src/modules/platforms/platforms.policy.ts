import { type RoleName, roleNames } from '@vigilo/contract';
import type { Actor, Rule, Target } from '../../platform/access.ts';

const platformAdmins: readonly RoleName[] = ['platform_admin', 'system_admin'];

/** Who may do what with platforms. Reading one's own platform is open to every role. */
export const platformPolicy = {
  read: { roles: roleNames },
  list: { roles: roleNames },
  create: { roles: ['system_admin'] },
  update: { roles: platformAdmins },
  listOrganisations: { roles: platformAdmins },
  listSources: { roles: ['organisation_staff', 'organisation_admin', 'platform_admin', 'system_admin'] },
  readServerConfiguration: { roles: platformAdmins },
} as const satisfies Record<string, Rule>;

/**
 * The access target of a platform-level object. Every organisation the actor belongs to
 * lies inside its own platform, so for that platform they are named as the target's
 * organisations: a role held in any of them counts. Another platform names none.
 */
export function platformTarget(actor: Actor, platformId: string): Target {
  return {
    platformId,
    organisationIds:
      platformId === actor.platformId
        ? actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []))
        : [],
  };
}

/** True when the actor holds a platform-wide role that reaches `platformId`. */
export function reachesWholePlatform(actor: Actor, platformId: string): boolean {
  return actor.memberships.some(
    (m) => m.role === 'system_admin' || (m.role === 'platform_admin' && platformId === actor.platformId),
  );
}

export const isSystemAdmin = (actor: Actor) => actor.memberships.some((m) => m.role === 'system_admin');
