import type { Membership, RoleName, User } from '@vigilo/contract';
import { forbidden, notFound } from './errors.ts';

/** Who is calling: loaded fresh on every request, so role changes and deactivation apply at once. */
export interface Actor {
  userId: string;
  platformId: string;
  /** The organisation the session works in. */
  organisationId: string | null;
  /** Refresh-token family of the session (logout revokes it). */
  familyId: string;
  /** When the session's holder last proved who they are (sign-in or step-up); absent for API keys. */
  authenticatedAt?: Date;
  memberships: Membership[];
  /** The caller's own record, read in the same query (so GET /v1/users/@me needs no other). */
  profile: User;
  /**
   * Set when an application calls with an API key (routes with `auth: 'user-or-key'`). Then
   * `userId` is the application's id, `organisationId` its organisation, `memberships` is
   * empty, and only rules with `application: true` allow it, in that organisation (decision 0016).
   */
  application?: { id: string; name: string; keyId: string; submissionServiceUser: boolean };
}

/** A row of a policy table: the roles that may do a thing, and whether one may always do it to oneself. */
export interface Rule {
  roles: readonly RoleName[];
  self?: boolean;
  /** An application calling with an API key may do it, in its own organisation. */
  application?: boolean;
  /**
   * The action concerns the whole account, not one organisation's part of it (login names,
   * status, deletion): an organisation role allows it only when held in **every**
   * organisation of the target, so one organisation's administrator cannot take over or
   * delete a user another organisation relies on (decision 0025).
   */
  accountWide?: boolean;
}

/** What a rule is checked against: where the object lives. */
export interface Target {
  platformId: string;
  /** Organisations the object belongs to; empty for platform-level objects. */
  organisationIds: readonly string[];
  /** Set when the object is a user (for `self` rules). */
  userId?: string;
}

export type Decision = 'allow' | 'forbid' | 'hide';

export const PLATFORM_WIDE: readonly RoleName[] = ['platform_admin', 'system_admin'];

/**
 * The one access decision (`permission × actor × target`). An object outside the
 * actor's tenant is hidden (answered as 404); inside it, a missing role is a 403.
 */
export function decide(actor: Actor, rule: Rule, target: Target): Decision {
  if (actor.application) {
    const own =
      target.platformId === actor.platformId &&
      actor.organisationId !== null &&
      target.organisationIds.includes(actor.organisationId);
    if (!own) return 'hide';
    return rule.application ? 'allow' : 'forbid';
  }
  const isSystemAdmin = actor.memberships.some((m) => m.role === 'system_admin');
  if (target.platformId !== actor.platformId && !isSystemAdmin) return 'hide';
  if (rule.self && target.userId !== undefined && target.userId === actor.userId) return 'allow';
  const granting = new Set<string>();
  for (const m of actor.memberships) {
    if (!rule.roles.includes(m.role)) continue;
    if (m.role === 'system_admin') return 'allow';
    if (m.role === 'platform_admin' && target.platformId === actor.platformId) return 'allow';
    if (m.organisationId !== null) granting.add(m.organisationId);
  }
  const granted = rule.accountWide
    ? target.organisationIds.length > 0 && target.organisationIds.every((o) => granting.has(o))
    : target.organisationIds.some((o) => granting.has(o));
  if (granted) return 'allow';
  const sharesTenant =
    isSystemAdmin ||
    actor.memberships.some((m) => PLATFORM_WIDE.includes(m.role)) ||
    actor.memberships.some(
      (m) => m.organisationId !== null && target.organisationIds.includes(m.organisationId),
    );
  return sharesTenant ? 'forbid' : 'hide';
}

/** Throws 404 or 403 unless the actor may apply `rule` to `target`. First line of every service method. */
export function requireAccess(actor: Actor, rule: Rule, target: Target, what = 'Resource'): void {
  const decision = decide(actor, rule, target);
  if (decision === 'hide') throw notFound(what);
  if (decision === 'forbid') throw forbidden();
}
