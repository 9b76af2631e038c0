import type { Db } from '../../platform/db.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { consumeAccessToken, insertAccessToken } from './auth.repository.ts';

/** Purpose of password-reset tokens: they set a password and never sign anyone in. */
export const PASSWORD_RESET = 'password_reset';

/**
 * Issues a single-use, expiring token for a link the server mails (invites, follow-ups,
 * password reset). Only its hash is kept. Call it with the transaction of the change that
 * sends the mail. Any purpose but `password_reset` exchanges for a session at
 * POST /v1/verify/access-token.
 */
export async function issueAccessToken(
  db: Db,
  opts: { userId: string; purpose: string; ttl: number },
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

/** Spends a token for signing in (any purpose but password reset); undefined when unknown, used or expired. */
export const redeemSignInToken = (db: Db, token: string) =>
  consumeAccessToken(db, hashOpaqueToken(token), { not: PASSWORD_RESET });

/** Spends a password-reset token; undefined when unknown, used or expired. */
export const redeemResetToken = (db: Db, token: string) =>
  consumeAccessToken(db, hashOpaqueToken(token), { only: PASSWORD_RESET });
