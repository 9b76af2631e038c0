import type { Db } from '../../platform/db.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { consumeAccessToken, insertAccessToken } from './auth.repository.ts';

/**
 * What a one-time token may be spent for. Each purpose is redeemed only by the route made
 * for it: `sign_in` alone exchanges for a session (POST /v1/verify/access-token); a reset
 * link only sets a password. A new kind of link (follow-up answers, say) gets a purpose of
 * its own and can never sign anyone in.
 */
export type TokenPurpose = 'sign_in' | 'password_reset';

/** Purpose of password-reset tokens: they set a password and never sign anyone in. */
export const PASSWORD_RESET: TokenPurpose = 'password_reset';
/** Purpose of emailed sign-in links: the only tokens that become a session. */
export const SIGN_IN: TokenPurpose = 'sign_in';

/**
 * Issues a single-use, expiring token for a link the server mails. Only its hash is kept.
 * Call it with the transaction of the change that sends the mail.
 */
export async function issueAccessToken(
  db: Db,
  opts: { userId: string; purpose: TokenPurpose; ttl: number },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertAccessToken(db, {
    userId: opts.userId,
    purpose: opts.purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + opts.ttl * 1000),
  });
  return token;
}

/** Spends a sign-in token; undefined when unknown, used, expired or of another purpose. */
export const redeemSignInToken = (db: Db, token: string) =>
  consumeAccessToken(db, hashOpaqueToken(token), { only: SIGN_IN });

/** Spends a password-reset token; undefined when unknown, used or expired. */
export const redeemResetToken = (db: Db, token: string) =>
  consumeAccessToken(db, hashOpaqueToken(token), { only: PASSWORD_RESET });
