import type {
  InviteAccept,
  InviteCreate,
  InviteListQuery,
  InvitePreview,
  OrganisationInvite,
  Session,
} from '@vigilo/contract';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { scopeFor, systemScope } from '../../platform/scope.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { issueSession } from '../auth/auth.service.ts';
import { findOrganisation } from '../organisations/organisations.shared.ts';
import { checkNewPassword } from '../passwords/passwords.service.ts';
import { findUserView, insertMembership, insertUser } from '../users/users.shared.ts';
import { inviteEmail } from './invites.emails.ts';
import { INVITE_TTL_DAYS, invitePolicy as policy } from './invites.policy.ts';
import {
  findAccount,
  findInvite,
  findInviteByTokenHash,
  findInviteOfOrganisation,
  findOpenInvite,
  hasMembership,
  type InviteRow,
  insertInvite,
  isMember,
  markAccepted,
  renewInvite,
  revokeInvites,
  listInvites as selectInvites,
  statusOf,
  toInvite,
} from './invites.repository.ts';

/** The organisation an invite route names, after the caller's right to manage its invites. */
async function organisationFor(db: Db, actor: Actor, organisationId: string, rule: Rule) {
  const org = await findOrganisation(db, scopeFor(actor), organisationId);
  if (!org) throw notFound('Organisation');
  requireAccess(actor, rule, { platformId: org.platform_id, organisationIds: [org.id] }, 'Organisation');
  return org;
}

type InviteOrganisation = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Emails an invite's link (a new token each time); the caller's transaction holds the outbox row. */
async function mailInvite(
  deps: AppDeps,
  tx: Db,
  actor: Actor,
  org: InviteOrganisation,
  email: string,
  token: string,
): Promise<void> {
  const link = `${deps.config.publicUrl}/invite/accept?token=${encodeURIComponent(token)}`;
  const inviter = `${actor.profile.firstName} ${actor.profile.lastName}`;
  await deps.mailer.send(tx, {
    to: email,
    ...inviteEmail[languageOf(actor.profile.language)]({
      inviter,
      organisation: org.name,
      link,
      days: INVITE_TTL_DAYS,
    }),
    template: 'organisation-invite',
    platformId: org.platform_id,
    organisationId: org.id,
  });
}

const newExpiry = () => new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600 * 1000);

/**
 * POST /v1/organisation/{id}/invite and POST /v1/organisation-invite: records a single-use
 * invite (only the token's hash is stored) and emails its link, in one transaction. An
 * address that is already a member, or already has a pending invite, answers 409 with the
 * user's or the invite's id (decision 0035); an expired one is replaced.
 */
export async function createInvite(
  deps: AppDeps,
  actor: Actor,
  organisationId: string,
  body: InviteCreate,
  requestId: string,
): Promise<OrganisationInvite> {
  const org = await organisationFor(deps.db, actor, organisationId, policy.create);
  const email = body.email.trim();
  const scope = scopeFor(actor);
  return withTransaction(deps.db, async (tx) => {
    const account = await findAccount(tx, scope, org.platform_id, email);
    if (account && (await isMember(tx, scope, account.id, org.id))) {
      throw new AppError('CONFLICT', 'This person is already a member of the organisation', {
        userId: account.id,
        fields: [
          {
            field: 'body/email',
            message: 'is already a member of the organisation',
            reason: 'alreadyMember',
          },
        ],
      });
    }
    const open = await findOpenInvite(tx, scope, org.id, email);
    if (open && statusOf(open) === 'pending') {
      throw new AppError('CONFLICT', 'This address already has a pending invitation: resend it instead', {
        inviteId: open.id,
        fields: [
          { field: 'body/email', message: 'already has a pending invitation', reason: 'alreadyInvited' },
        ],
      });
    }
    if (open) await revokeInvites(tx, scope, { id: open.id });
    const token = newOpaqueToken();
    const { id } = await insertInvite(tx, scope, {
      platformId: org.platform_id,
      organisationId: org.id,
      email,
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      tokenHash: token.hash,
      invitedBy: actor.userId,
      expiresAt: newExpiry(),
    });
    await mailInvite(deps, tx, actor, org, email, token.token);
    const invite = toInvite((await findInvite(tx, scope, id))!);
    await audit(tx, {
      action: 'invite.created',
      entityType: 'organisation_invite',
      entityId: id,
      platformId: org.platform_id,
      organisationId: org.id,
      actorUserId: actor.userId,
      after: { email, role: body.role, expiresAt: invite.expiresAt },
      details: { replaced: open?.id ?? null },
      requestId,
    });
    return invite;
  });
}

/** An invite of the organisation that is still open (pending or expired), or why not. */
function openInvite(row: InviteRow | undefined): InviteRow {
  if (!row) throw notFound('Invitation');
  const status = statusOf(row);
  if (status === 'accepted') throw new AppError('INVITE_USED', 'This invitation has already been accepted');
  if (status === 'revoked') throw new AppError('INVITE_REVOKED', 'This invitation has been revoked');
  return row;
}

/**
 * POST /v1/organisation/{id}/invites/{inviteId}/resend: a new link by email for a pending or
 * expired invite. The old link stops working and the invite is good for another
 * INVITE_TTL_DAYS days.
 */
export async function resendInvite(
  deps: AppDeps,
  actor: Actor,
  organisationId: string,
  inviteId: string,
  requestId: string,
): Promise<OrganisationInvite> {
  const org = await organisationFor(deps.db, actor, organisationId, policy.create);
  const scope = scopeFor(actor);
  return withTransaction(deps.db, async (tx) => {
    const invite = openInvite(await findInviteOfOrganisation(tx, scope, org.id, inviteId));
    const token = newOpaqueToken();
    await renewInvite(tx, scope, invite.id, token.hash, newExpiry());
    await mailInvite(deps, tx, actor, org, invite.email, token.token);
    const renewed = toInvite((await findInvite(tx, scope, invite.id))!);
    await audit(tx, {
      action: 'invite.resent',
      entityType: 'organisation_invite',
      entityId: invite.id,
      platformId: org.platform_id,
      organisationId: org.id,
      actorUserId: actor.userId,
      before: { expiresAt: toInvite(invite).expiresAt },
      after: { expiresAt: renewed.expiresAt },
      requestId,
    });
    return renewed;
  });
}

/**
 * DELETE /v1/organisation/{id}/invites/{inviteId}: revokes an open invite; its link then
 * answers 410 INVITE_REVOKED. Revoking a revoked invite changes nothing; an accepted one is
 * 409 (remove the member instead).
 */
export async function revokeInvite(
  deps: AppDeps,
  actor: Actor,
  organisationId: string,
  inviteId: string,
  requestId: string,
): Promise<void> {
  const org = await organisationFor(deps.db, actor, organisationId, policy.create);
  const scope = scopeFor(actor);
  await withTransaction(deps.db, async (tx) => {
    const row = await findInviteOfOrganisation(tx, scope, org.id, inviteId);
    if (row && statusOf(row) === 'revoked') return;
    const invite = openInvite(row);
    await revokeInvites(tx, scope, { id: invite.id });
    await audit(tx, {
      action: 'invite.revoked',
      entityType: 'organisation_invite',
      entityId: invite.id,
      platformId: org.platform_id,
      organisationId: org.id,
      actorUserId: actor.userId,
      before: { status: statusOf(invite) },
      after: { status: 'revoked' },
      details: { email: invite.email, role: invite.role },
      requestId,
    });
  });
}

/** GET /v1/organisation/{id}/invites: the organisation's invites, newest first. */
export async function listInvites(
  db: Db,
  actor: Actor,
  organisationId: string,
  query: InviteListQuery,
): Promise<OrganisationInvite[]> {
  const org = await organisationFor(db, actor, organisationId, policy.list);
  return (await selectInvites(db, scopeFor(actor), org.id, query.status)).map(toInvite);
}

/** An invite that may still be accepted, or the clear reason why not. */
function usable(row: InviteRow | undefined): InviteRow {
  if (!row) throw new AppError('NOT_FOUND', 'This invitation link is not valid');
  const status = statusOf(row);
  if (status === 'accepted') throw new AppError('INVITE_USED', 'This invitation has already been accepted');
  if (status === 'expired')
    throw new AppError('INVITE_EXPIRED', 'This invitation has expired: ask for a new one');
  if (status === 'revoked')
    throw new AppError(
      'INVITE_REVOKED',
      'This invitation has been withdrawn: ask for a new one if you need it',
    );
  return row;
}

/** GET /v1/organisation-invite?token= (public): what the accept page shows. */
export async function previewInvite(db: Db, token: string): Promise<InvitePreview> {
  const row = usable(await findInviteByTokenHash(db, hashOpaqueToken(token)));
  // The link's holder has no session: the token opened the invite (systemScope).
  const account = await findAccount(db, systemScope, row.platform_id, row.email);
  return {
    organisationName: row.organisation_name,
    platformName: row.platform_name,
    email: row.email,
    role: row.role as InvitePreview['role'],
    expiresAt: row.expires_at.toISOString(),
    accountExists: account !== undefined,
  };
}

/**
 * POST /v1/organisation-invite/accept (public): creates the account with the invited role
 * and signs it in. An email that already has an account joins with /join after signing in.
 */
export async function acceptInvite(deps: AppDeps, body: InviteAccept, requestId: string): Promise<Session> {
  const passwordHash = await hashPassword(body.password);
  return withTransaction(deps.db, async (tx) => {
    const invite = usable(await findInviteByTokenHash(tx, hashOpaqueToken(body.token), true));
    checkNewPassword(body.password, invite.email);
    if (await findAccount(tx, systemScope, invite.platform_id, invite.email)) {
      throw new AppError(
        'CONFLICT',
        'An account with this email exists: sign in, then accept the invitation',
        {
          accountExists: true,
        },
      );
    }
    const user = await insertUser(tx, systemScope, {
      platformId: invite.platform_id,
      email: invite.email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      defaultOrganisationId: invite.organisation_id,
    });
    return join(deps, tx, invite, user.id, requestId);
  });
}

/** POST /v1/organisation-invite/join: the signed-in account takes an invite sent to its email. */
export async function joinInvite(
  deps: AppDeps,
  actor: Actor,
  token: string,
  requestId: string,
): Promise<Session> {
  return withTransaction(deps.db, async (tx) => {
    const invite = usable(await findInviteByTokenHash(tx, hashOpaqueToken(token), true));
    // An invite for someone else is, for this caller, an invite that does not exist.
    const mine =
      invite.platform_id === actor.platformId &&
      invite.email.toLowerCase() === actor.profile.email.toLowerCase();
    requireAccess(
      actor,
      { roles: [], self: true },
      { platformId: invite.platform_id, organisationIds: [], userId: mine ? actor.userId : undefined },
      'Invitation',
    );
    const session = await join(deps, tx, invite, actor.userId, requestId);
    deps.actorCache?.invalidate(actor.userId);
    return session;
  });
}

/**
 * The invite's token is the credential here: the holder is not (yet) a member, so the
 * invite's rows are reached with systemScope, never with the holder's own scope.
 */
async function join(deps: AppDeps, tx: Db, invite: InviteRow, userId: string, requestId: string) {
  if (!(await markAccepted(tx, systemScope, invite.id, userId)))
    throw new AppError('INVITE_USED', 'This invitation has already been accepted');
  // Any other open invite of the address to this organisation is settled by this one.
  const settled = await revokeInvites(tx, systemScope, {
    organisationId: invite.organisation_id,
    email: invite.email,
  });
  const role = invite.role as OrganisationInvite['role'];
  if (!(await hasMembership(tx, systemScope, userId, invite.organisation_id, role)))
    await insertMembership(tx, systemScope, {
      platformId: invite.platform_id,
      userId,
      organisationId: invite.organisation_id,
      role,
    });
  await audit(tx, {
    action: 'invite.accepted',
    entityType: 'organisation_invite',
    entityId: invite.id,
    platformId: invite.platform_id,
    organisationId: invite.organisation_id,
    actorUserId: userId,
    after: { userId, role },
    details: { settledInvites: settled },
    requestId,
  });
  const user = await findUserView(tx, systemScope, userId);
  return issueSession(deps, tx, user!, invite.organisation_id);
}
