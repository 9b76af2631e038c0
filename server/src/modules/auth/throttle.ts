import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clearFailures, countRecentFailures, recordFailures } from './auth.repository.ts';

/**
 * Sign-in throttling kept in PostgreSQL (login_attempts), so it holds across API processes.
 * Keys are per account name (the email or username typed, within a platform; unknown names
 * count too, so a throttled answer reveals nothing) and per address within a platform.
 * See docs/decisions/0009-sign-in-throttling-and-mfa.md.
 */
export interface ThrottleKeys {
  account: string;
  address: string;
}

export function loginThrottleKeys(
  login: { email?: string; username?: string },
  platformId: string | null,
  ip: string,
): ThrottleKeys {
  const name = (login.email ?? login.username ?? '').trim().toLowerCase();
  const platform = platformId ?? '-';
  return { account: `account:${platform}:${name}`, address: `address:${platform}:${ip}` };
}

export const tooManyAttempts = (windowSeconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed attempts. Try again in ${Math.ceil(windowSeconds / 60)} minutes or reset your password.`,
  );

/** True when either key has used up its failures in the window. */
export async function isThrottled(db: Db, config: Config, keys: ThrottleKeys): Promise<boolean> {
  const counts = await countRecentFailures(
    db,
    [keys.account, keys.address],
    config.loginFailureWindowSeconds,
  );
  return (
    (counts.get(keys.account) ?? 0) >= config.loginMaxFailuresPerAccount ||
    (counts.get(keys.address) ?? 0) >= config.loginMaxFailuresPerAddress
  );
}

export const recordLoginFailure = (db: Db, config: Config, keys: ThrottleKeys) =>
  recordFailures(db, [keys.account, keys.address], config.loginFailureWindowSeconds);

/** A successful sign-in clears the account's failures (the address keeps its count). */
export const clearAccountFailures = (db: Db, keys: ThrottleKeys) => clearFailures(db, keys.account);

/**
 * Guards a guessable secret of one user (a second-factor code, the current password):
 * throws 429 once `key` has the per-account number of failures in the window.
 */
export async function guardUserSecret(db: Db, config: Config, key: string): Promise<void> {
  const counts = await countRecentFailures(db, [key], config.loginFailureWindowSeconds);
  if ((counts.get(key) ?? 0) >= config.loginMaxFailuresPerAccount)
    throw tooManyAttempts(config.loginFailureWindowSeconds);
}

export const recordUserSecretFailure = (db: Db, config: Config, key: string) =>
  recordFailures(db, [key], config.loginFailureWindowSeconds);
