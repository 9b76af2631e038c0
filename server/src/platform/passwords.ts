import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes, 1 lane (~30 ms here).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

// Verified against when the account does not exist, so the answer takes as long as a real check.
let decoy: Promise<string> | undefined;

/** Checks a password; with no hash (unknown user) it still spends the same time and says no. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
