import type {
  InviteAccept,
  InviteCreate,
  InviteListQuery,
  InvitePreview,
  OrganisationInvite,
  Session,
} from '@vigilo/contract';
import type { AppDeps } from '../../app.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { issueSession } from '../auth/auth.service.ts';
import { findOrganisation } from '../organisations/organisations.repository.ts';
import { checkNewPassword } from '../passwords/passwords.service.ts';
import { findUserView, insertMembership, insertUser } from '../users/users.repository.ts';
import { INVITE_TTL_DAYS, invitePolicy as policy } from './invites.policy.ts';
import {
  findAccount,
  findInvite,
  findInviteByTokenHash,
  hasMembership,
  type InviteRow,
  insertInvite,
  markAccepted,
  listInvites as selectInvites,
  statusOf,
  toInvite,
} from './invites.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * POST /v1/organisation/{id}/invite and POST /v1/organisation-invite: records a single-use
 * invite (only the token's hash is stored) and emails its link, in one transaction.
 */
export async function createInvite(
  deps: AppDeps,
  actor: Actor,
  organisationId: string,
  body: InviteCreate,
  requestId: string,
): Promise<OrganisationInvite> {
  const org = await findOrganisation(deps.db, organisationId);
  if (!org) throw notFound('Organisation');
  requireAccess(
    actor,
    policy.create,
    { platformId: org.platform_id, organisationIds: [org.id] },
    'Organisation',
  );
  const email = body.email.trim();
  return withTransaction(deps.db, async (tx) => {
    const account = await findAccount(tx, org.platform_id, email);
    if (account && (await hasMembership(tx, account.id, org.id, body.role))) {
      throw new AppError('CONFLICT', 'This person already has this role in the organisation', {
        fields: [{ field: 'body/email', message: 'already has this role in the organisation' }],
      });
    }
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600 * 1000);
    const { id } = await insertInvite(tx, {
      platformId: org.platform_id,
      organisationId: org.id,
      email,
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      tokenHash: token.hash,
      invitedBy: actor.userId,
      expiresAt,
    });
    const link = `${deps.config.publicUrl}/invite/accept?token=${encodeURIComponent(token.token)}`;
    await deps.mailer.send(tx, {
      to: email,
      subject: `You are invited to join ${org.name} on Vigilo`,
      text: [
        `Hello,`,
        ``,
        `${actor.profile.firstName} ${actor.profile.lastName} invites you to join ${org.name} on Vigilo.`,
        `Open this link to accept and choose your password (it works once, for ${INVITE_TTL_DAYS} days):`,
        ``,
        link,
        ``,
        `If you did not expect this invitation, you can ignore this email.`,
      ].join('\n'),
      html: `<p>Hello,</p><p>${escapeHtml(`${actor.profile.firstName} ${actor.profile.lastName}`)} invites you to join <strong>${escapeHtml(org.name)}</strong> on Vigilo.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, for ${INVITE_TTL_DAYS} days).</p><p>If you did not expect this invitation, you can ignore this email.</p>`,
      template: 'organisation-invite',
      platformId: org.platform_id,
      organisationId: org.id,
    });
    const invite = toInvite((await findInvite(tx, id))!);
    await writeAudit(tx, {
      action: 'invite.create',
      entityType: 'organisation_invite',
      entityId: id,
      platformId: org.platform_id,
      organisationId: org.id,
      actorUserId: actor.userId,
      newValue: { email, role: body.role, expiresAt: invite.expiresAt },
      requestId,
    });
    return invite;
  });
}

/** GET /v1/organisation/{id}/invites: the organisation's invites, newest first. */
export async function listInvites(
  db: Db,
  actor: Actor,
  organisationId: string,
  query: InviteListQuery,
): Promise<OrganisationInvite[]> {
  const org = await findOrganisation(db, organisationId);
  if (!org) throw notFound('Organisation');
  requireAccess(
    actor,
    policy.list,
    { platformId: org.platform_id, organisationIds: [org.id] },
    'Organisation',
  );
  return (await selectInvites(db, org.id, query.status)).map(toInvite);
}

/** An invite that may still be accepted, or the clear reason why not. */
function usable(row: InviteRow | undefined): InviteRow {
  if (!row) throw new AppError('NOT_FOUND', 'This invitation link is not valid');
  const status = statusOf(row);
  if (status === 'accepted') throw new AppError('INVITE_USED', 'This invitation has already been accepted');
  if (status === 'expired')
    throw new AppError('INVITE_EXPIRED', 'This invitation has expired: ask for a new one');
  return row;
}

/** GET /v1/organisation-invite?token= (public): what the accept page shows. */
export async function previewInvite(db: Db, token: string): Promise<InvitePreview> {
  const row = usable(await findInviteByTokenHash(db, hashOpaqueToken(token)));
  const account = await findAccount(db, row.platform_id, row.email);
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
    if (await findAccount(tx, invite.platform_id, invite.email)) {
      throw new AppError(
        'CONFLICT',
        'An account with this email exists: sign in, then accept the invitation',
        {
          accountExists: true,
        },
      );
    }
    const user = await insertUser(tx, {
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

async function join(deps: AppDeps, tx: Db, invite: InviteRow, userId: string, requestId: string) {
  if (!(await markAccepted(tx, invite.id, userId)))
    throw new AppError('INVITE_USED', 'This invitation has already been accepted');
  const role = invite.role as OrganisationInvite['role'];
  if (!(await hasMembership(tx, userId, invite.organisation_id, role)))
    await insertMembership(tx, {
      platformId: invite.platform_id,
      userId,
      organisationId: invite.organisation_id,
      role,
    });
  await writeAudit(tx, {
    action: 'invite.accept',
    entityType: 'organisation_invite',
    entityId: invite.id,
    platformId: invite.platform_id,
    organisationId: invite.organisation_id,
    actorUserId: userId,
    newValue: { userId, role },
    requestId,
  });
  const user = await findUserView(tx, userId);
  return issueSession(deps, tx, user!, invite.organisation_id);
}
