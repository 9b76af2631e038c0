import type { EmailLinkBody, EmailLinkResult } from '@vigilo/contract';
import type { AppDeps } from '../../platform/app-types.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { applyEmailChange } from '../users/users.email.ts';
import { type Ctx, fileVerifiedRequest } from './account-requests.ts';
import { redeemEmailLink } from './email-links.ts';

/**
 * POST /v1/verify/email (public; the token is the credential): spends a link mailed to prove
 * an address and does what it was for: a new sign-in email applies, or an account request
 * joins the administrators' queue. Unknown, used and expired links are all 400
 * EMAIL_LINK_INVALID, also on a client's retry.
 */
export async function confirmEmailLink(
  deps: AppDeps,
  body: EmailLinkBody,
  ctx: Ctx,
): Promise<EmailLinkResult> {
  const outcome = await withTransaction(deps.db, async (tx) => {
    const link = await redeemEmailLink(tx, body.token);
    if (!link) return null;
    if (link.purpose === 'account_request') {
      await fileVerifiedRequest(tx, link, ctx);
      return { purpose: link.purpose, userId: null };
    }
    const userId = await applyEmailChange(tx, link, ctx.requestId);
    return userId ? { purpose: link.purpose, userId } : null;
  });
  if (!outcome) throw new AppError('EMAIL_LINK_INVALID', 'This link has expired or has already been used');
  if (outcome.userId) deps.actorCache?.invalidate(outcome.userId);
  return { purpose: outcome.purpose };
}
