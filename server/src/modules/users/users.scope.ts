import type { MembershipInput, RoleName } from '@vigilo/contract';
import type { Actor, Target } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { UserViewRow } from './users.repository.ts';

/**
 * What an administrator may see and hand out. Kept apart from the policy table: the
 * table says who may act; this says over which organisations and which roles.
 */
const PLATFORM_WIDE: readonly RoleName[] = ['platform_admin', 'system_admin'];
const ORGANISATION_ROLES: readonly RoleName[] = [
  'reporter',
  'organisation_staff',
  'organisation_admin',
  'assessor',
];

const has = (actor: Actor, role: RoleName) => actor.memberships.some((m) => m.role === role);

/** The organisations an actor administers (as organisation_admin). */
export const administeredOrganisations = (actor: Actor) =>
  actor.memberships.flatMap((m) =>
    m.role === 'organisation_admin' && m.organisationId ? [m.organisationId] : [],
  );

export const userTarget = (row: UserViewRow): Target => ({
  platformId: row.platform_id,
  organisationIds: row.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])),
  userId: row.id,
});

/** The roles an actor may grant, and whether platform-wide ones. */
export function assignableRoles(actor: Actor): {
  roles: readonly RoleName[];
  organisations: 'all' | string[];
} {
  if (has(actor, 'system_admin'))
    return { roles: [...ORGANISATION_ROLES, ...PLATFORM_WIDE], organisations: 'all' };
  if (has(actor, 'platform_admin'))
    return { roles: [...ORGANISATION_ROLES, 'platform_admin'], organisations: 'all' };
  return { roles: ORGANISATION_ROLES, organisations: administeredOrganisations(actor) };
}

/**
 * An administrator never acts on someone who outranks them: organisation admins leave
 * platform-wide accounts alone, and platform admins leave system admins alone.
 */
export function requireOutranks(actor: Actor, row: UserViewRow): void {
  if (row.id === actor.userId || has(actor, 'system_admin')) return;
  const roles = row.memberships.map((m) => m.role);
  if (roles.includes('system_admin')) throw forbidden('Only a system administrator may change this account');
  if (roles.includes('platform_admin') && !has(actor, 'platform_admin'))
    throw forbidden('Only a platform administrator may change this account');
}

/**
 * Checks requested memberships against what the actor may grant, and that every
 * organisation is on the user's platform. Another platform's organisation is a 404.
 */
export async function checkAssignable(
  db: Db,
  actor: Actor,
  platformId: string,
  memberships: readonly MembershipInput[],
): Promise<void> {
  const allowed = assignableRoles(actor);
  memberships.forEach((m, index) => {
    const field = `body/memberships/${index}`;
    const platformWide = PLATFORM_WIDE.includes(m.role);
    if (platformWide !== (m.organisationId === null)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Platform-wide roles have no organisation; other roles need one',
        {
          fields: [
            {
              field,
              message: 'organisationId must be null exactly for platform-wide roles',
              reason: 'invalid',
            },
          ],
        },
      );
    }
    if (!allowed.roles.includes(m.role)) throw forbidden(`You may not grant the role ${m.role}`);
    if (
      m.organisationId !== null &&
      allowed.organisations !== 'all' &&
      !allowed.organisations.includes(m.organisationId)
    ) {
      throw notFound('Organisation');
    }
  });
  const ids = [...new Set(memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])))];
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('organisations')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFound('Organisation');
}

/** True when the actor may grant or remove this membership. */
export function withinReach(actor: Actor, m: MembershipInput): boolean {
  const allowed = assignableRoles(actor);
  if (!allowed.roles.includes(m.role)) return false;
  return (
    m.organisationId === null ||
    allowed.organisations === 'all' ||
    allowed.organisations.includes(m.organisationId)
  );
}
