import type { AccountRequestBody, AccountRequestReceipt, RoleName } from '@vigilo/contract';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { platformScope, systemScope } from '../../platform/scope.ts';
import { insertChangeRequest } from '../change-requests/change-requests.shared.ts';
import { checkNewPassword } from '../passwords/passwords.service.ts';
import { loginNameTaken } from '../users/users.shared.ts';
import { accountRequestEmail } from './accounts.emails.ts';
import { findAccountRules, findOrganisation, pendingAccountRequestExists } from './accounts.repository.ts';
import { type EmailLinkRow, issueEmailLink, spendAccountRequestLinks } from './email-links.ts';

export interface Ctx {
  requestId: string;
  ip: string;
}

const receipt: AccountRequestReceipt = {
  status: 'pending',
  message:
    'Check your email: open the link we sent to confirm your address. Your request then goes to an administrator of the organisation, and you will receive an email when they have decided.',
};

/** The address is already an account, or already waits in the administrators' queue. */
const alreadyKnown = async (db: Db, platformId: string, email: string) =>
  (await loginNameTaken(db, platformId, { email })) ||
  // Unique across the platform, whoever asks.
  (await pendingAccountRequestExists(db, platformScope(platformId), platformId, email));

/**
 * POST /v1/account/request (public): self-registration. The request is held until its
 * email address is proven by a mailed link (decision 0025); only then does it reach the
 * organisation's administrators as a change request of kind `account`, and the account
 * exists only once they approve it. The answer is the same for a known email (no
 * enumeration): nothing is stored or sent then.
 */
export async function requestAccount(
  deps: AppDeps,
  body: AccountRequestBody,
  ctx: Ctx,
): Promise<AccountRequestReceipt> {
  // Public: someone without an account names the organisation (systemScope).
  const org = await findOrganisation(deps.db, systemScope, body.organisationId);
  // Unknown and closed organisations get the same answer: the public form lists the open ones.
  if (!org?.accepts_account_requests)
    throw new AppError('VALIDATION_FAILED', 'This organisation does not take account requests', {
      fields: [
        { field: 'body/organisationId', message: 'does not take account requests', reason: 'notAllowed' },
      ],
    });
  const rules = await findAccountRules(deps.db, systemScope, org.platform_id);
  if (!rules.account_requests)
    throw new AppError('FORBIDDEN', 'This platform does not take account requests');
  checkNewPassword(body.password, body.email);
  // Hashing first keeps the timing the same whether or not the email is known.
  const passwordHash = await hashPassword(body.password);
  await withTransaction(deps.db, async (tx) => {
    if (await alreadyKnown(tx, org.platform_id, body.email)) return;
    // A newer request for the address replaces an older one still waiting for its link.
    await spendAccountRequestLinks(tx, org.platform_id, body.email);
    const token = await issueEmailLink(tx, {
      purpose: 'account_request',
      platformId: org.platform_id,
      email: body.email,
      organisationId: org.id,
      passwordHash,
      payload: {
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? 'en',
        role: body.role ?? 'reporter',
        message: body.message ?? null,
      },
    });
    const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(tx, {
      to: body.email,
      ...accountRequestEmail[languageOf(body.language)]({ organisation: org.name, link }),
      template: 'account-request-verify',
      platformId: org.platform_id,
      organisationId: org.id,
    });
    await audit(tx, {
      action: 'account.request_started',
      entityType: 'organisation',
      entityId: org.id,
      platformId: org.platform_id,
      organisationId: org.id,
      details: { role: body.role ?? 'reporter', ip: ctx.ip },
      requestId: ctx.requestId,
    });
  });
  return receipt;
}

/**
 * POST /v1/verify/email with an account-request link: the address is proven; the request
 * joins the administrators' queue (unless the address became an account or a pending
 * request meanwhile: then there is nothing more to do).
 */
export async function fileVerifiedRequest(tx: Db, link: EmailLinkRow, ctx: Ctx): Promise<void> {
  if (!link.organisation_id || (await alreadyKnown(tx, link.platform_id, link.email))) return;
  const p = link.payload as {
    firstName: string;
    lastName: string;
    language: string;
    role: RoleName;
    message: string | null;
  };
  // Filed for someone without an account, from a link they opened: systemScope.
  const cr = await insertChangeRequest(tx, systemScope, {
    platformId: link.platform_id,
    organisationId: link.organisation_id,
    kind: 'account',
    userId: null,
    changes: {
      email: link.email,
      firstName: p.firstName,
      lastName: p.lastName,
      language: p.language,
      role: p.role,
    },
    passwordHash: link.password_hash,
    message: p.message,
  });
  await audit(tx, {
    action: 'account.requested',
    entityType: 'change_request',
    entityId: cr.id,
    platformId: link.platform_id,
    organisationId: link.organisation_id,
    after: { role: p.role, emailVerified: true },
    details: { ip: ctx.ip },
    requestId: ctx.requestId,
  });
}
