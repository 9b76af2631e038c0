import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { systemScope } from '../../platform/scope.ts';
import { type EmailLinkRow, issueEmailLink, spendEmailLinks } from '../accounts/email-links.ts';
import { emailChangeConfirmation, emailChangeNotice } from './users.emails.ts';
import { findUserView, loginNameTaken, updateUser } from './users.repository.ts';

/** 409 naming the login name in use; the same answer as a race lost at the unique index (users.area.ts). */
export const nameTaken = (field: 'email' | 'username') =>
  new AppError('CONFLICT', `body/${field} is already used by another account`, {
    fields: [{ field: `body/${field}`, message: 'is already used by another account', reason: 'taken' }],
  });

interface EmailOwner {
  id: string;
  platform_id: string;
  email: string;
  default_organisation_id: string | null;
  language: string;
}

/**
 * Starts a change of a user's sign-in email (decision 0025): the new address gets a link
 * and the email changes only when it is opened; the old address is told at once, so an
 * owner whose account someone tries to move away hears of it while it can still be stopped.
 */
export async function requestEmailChange(
  deps: AppDeps,
  tx: Db,
  user: EmailOwner,
  email: string,
  by: { userId: string; organisationId: string | null; requestId: string },
): Promise<void> {
  if (await loginNameTaken(tx, user.platform_id, { email }, user.id)) throw nameTaken('email');
  const token = await issueEmailLink(tx, {
    purpose: 'email_change',
    platformId: user.platform_id,
    email,
    userId: user.id,
    requestedBy: by.userId,
  });
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const mail = {
    template: 'email-change',
    platformId: user.platform_id,
    organisationId: user.default_organisation_id,
  };
  const language = languageOf(user.language);
  await deps.mailer.send(tx, { ...mail, to: email, ...emailChangeConfirmation[language]({ link }) });
  await deps.mailer.send(tx, {
    ...mail,
    template: 'email-change-notice',
    to: user.email,
    ...emailChangeNotice[language]({ email }),
  });
  await audit(tx, {
    action: 'user.email_change_requested',
    entityType: 'user',
    entityId: user.id,
    platformId: user.platform_id,
    organisationId: by.organisationId,
    actorUserId: by.userId,
    details: { email },
    requestId: by.requestId,
  });
}

/** POST /v1/verify/email with an email-change link: the address is proven, the change applies. */
export async function applyEmailChange(
  tx: Db,
  link: EmailLinkRow,
  requestId: string,
): Promise<string | null> {
  const user = link.user_id ? await findUserView(tx, systemScope, link.user_id) : undefined;
  if (!user || user.deactivated_at) return null;
  if (await loginNameTaken(tx, user.platform_id, { email: link.email }, user.id)) throw nameTaken('email');
  await updateUser(tx, systemScope, user.id, { email: link.email });
  await spendEmailLinks(tx, user.id);
  await audit(tx, {
    action: 'user.email_changed',
    entityType: 'user',
    entityId: user.id,
    platformId: user.platform_id,
    actorUserId: link.requested_by,
    before: { email: user.email },
    after: { email: link.email },
    details: { confirmedByLink: true },
    requestId,
  });
  return user.id;
}
