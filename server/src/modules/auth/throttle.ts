import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clearFailures, forgetAttempts, normaliseLoginName, takeAttempt } from './auth.repository.ts';

/**
 * Sign-in throttling kept in PostgreSQL (login_attempts), so it holds across API processes.
 * Every attempt is counted before its secret is checked, in the same locked transaction as
 * the check of the limit, and forgotten again when the secret was right: of 15 parallel
 * guesses with a limit of 5, five are tried and ten answer 429. See decisions 0009 and 0024.
 */
export interface ThrottleKeys {
  account: string;
  address: string;
}

/** A counted attempt; `succeeded()` takes it back when the secret turned out right. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/**
 * The keys of a sign-in: the account when the name resolves to one (its email and username,
 * in any spelling the database matches, then share one key); an unknown name as the
 * database compares it (so `İ` and `i` are one key exactly when PostgreSQL says they are
 * one name); and the address, within the platform.
 */
export async function loginThrottleKeys(
  db: Db,
  login: { email?: string; username?: string },
  account: { id: string } | undefined,
  platformId: string | null,
  ip: string,
): Promise<ThrottleKeys> {
  const platform = platformId ?? '-';
  const name = account
    ? `user:${account.id}`
    : `name:${platform}:${await normaliseLoginName(db, login.email ?? login.username ?? '')}`;
  return { account: `account:${name}`, address: `address:${platform}:${ip}` };
}

export const tooManyAttempts = (windowSeconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed attempts. Try again in ${Math.ceil(windowSeconds / 60)} minutes or reset your password.`,
  );

/**
 * Counts a sign-in attempt under both keys, or answers null (nothing counted) when either
 * has used up its failures in the window. A success clears the account's failures; the
 * address keeps its count of failures but not this attempt.
 */
export async function takeLoginAttempt(db: Db, config: Config, keys: ThrottleKeys): Promise<Attempt | null> {
  const ids = await takeAttempt(
    db,
    [
      { key: keys.account, max: config.loginMaxFailuresPerAccount },
      { key: keys.address, max: config.loginMaxFailuresPerAddress },
    ],
    config.loginFailureWindowSeconds,
  );
  if (!ids) return null;
  return {
    async succeeded() {
      await clearFailures(db, keys.account);
      await forgetAttempts(db, ids);
    },
  };
}

/**
 * Guards a guessable secret of one user (a second-factor code, the current password) or
 * a costly action (texting a code): counts the attempt under `key`, or throws 429 once the
 * key has the per-account number in the window.
 */
export async function takeUserSecretAttempt(db: Db, config: Config, key: string): Promise<Attempt> {
  const ids = await takeAttempt(
    db,
    [{ key, max: config.loginMaxFailuresPerAccount }],
    config.loginFailureWindowSeconds,
  );
  if (!ids) throw tooManyAttempts(config.loginFailureWindowSeconds);
  return { succeeded: () => forgetAttempts(db, ids) };
}

/**
 * A password reset proves the account's owner: the sign-in lockout of the account ends, and
 * so does the count of wrong current passwords (guesses at a password that is gone). Wrong
 * second-factor codes stay counted: the emailed link proves the mailbox, not the factor.
 */
export async function clearAccountLockout(db: Db, userId: string): Promise<void> {
  await clearFailures(db, `account:user:${userId}`);
  await clearFailures(db, `password:${userId}`);
}
