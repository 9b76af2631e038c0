import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from './errors.ts';

/**
 * Secrets the server must read back (TOTP seeds, SSO client secrets) are stored sealed:
 * AES-256-GCM under a key of their own (`SECRETS_KEYS`), never JWT_SECRET, so rotating the
 * token secret leaves them readable (decision 0057). A sealed value names the key that
 * sealed it, `v2.<kid>.<iv>.<tag>.<data>`, and its purpose is bound in as associated data,
 * so a value copied into another column does not open there.
 */

/** One key of the ring: an id (stored in each sealed value) and 32 random bytes. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** What sealing and opening need: the ring (first key seals, all open) and, for values from before it, JWT_SECRET. */
export interface SecretsConfig {
  secretsKeys: readonly SecretKey[];
  jwtSecret: string;
}

/** What a sealed value is for; each purpose opens only its own values. */
export type SecretPurpose = 'totp' | 'sso-client-secret' | 'receiver-credentials';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses `SECRETS_KEYS`: `kid:key[,kid:key…]`, each key 32 bytes in base64 or base64url.
 * The first key seals; every key listed opens. Throws a sentence naming what is wrong.
 */
export function parseSecretsKeys(raw: string): SecretKey[] {
  const keys = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const id = colon > 0 ? entry.slice(0, colon) : '';
      if (!KEY_ID.test(id))
        throw new Error(
          'SECRETS_KEYS must be kid:key pairs, the kid of letters, digits, _ or - (e.g. k2026:…)',
        );
      const key = Buffer.from(
        entry
          .slice(colon + 1)
          .replace(/-/g, '+')
          .replace(/_/g, '/'),
        'base64',
      );
      if (key.length !== 32)
        throw new Error(`SECRETS_KEYS: the key "${id}" must be 32 bytes, base64 (openssl rand -base64 32)`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error('SECRETS_KEYS must hold at least one kid:key pair');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('SECRETS_KEYS names a kid twice');
  return keys;
}

/** A new `SECRETS_KEYS` value with one random key (what the quick start keeps in data/secrets). */
export const newSecretsKeys = (id = `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`) =>
  `${id}:${randomBytes(32).toString('base64url')}`;

const VERSION = 'v2';
const associatedData = (purpose: SecretPurpose, kid: string) => Buffer.from(`vigilo:${purpose}:${kid}`);

/** Seals `plain` with the first key of the ring. */
export function sealSecret(config: SecretsConfig, purpose: SecretPurpose, plain: string): string {
  const current = config.secretsKeys[0];
  if (!current) throw new Error('SECRETS_KEYS is not set: this server cannot store secrets');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(associatedData(purpose, current.id));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, current.id, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join(
    '.',
  );
}

/** The catalogue error of a stored secret that cannot be opened (unknown key, altered, truncated). */
export const unreadableSecret = (what: string, reason: string) =>
  new AppError('STORED_SECRET_UNREADABLE', `${what} stored on the server cannot be read: ${reason}`, {
    reason,
  });

/**
 * Opens a sealed value, or throws `STORED_SECRET_UNREADABLE` (409) naming why: a key id this
 * server does not hold, or a value that fails its authentication tag. `what` names the
 * secret in that message ("The authenticator app's secret").
 */
export function openSecret(
  config: SecretsConfig,
  purpose: SecretPurpose,
  sealed: string,
  what: string,
): string {
  const parts = sealed.split('.');
  if (parts[0] === 'v1' && parts.length === 4) return openLegacy(config, purpose, parts, what);
  const [version, kid = '', iv, tag, data] = parts;
  if (version !== VERSION || parts.length !== 5 || !iv || !tag || data === undefined)
    throw unreadableSecret(what, 'it is not a sealed value');
  const key = config.secretsKeys.find((k) => k.id === kid)?.key;
  if (!key)
    throw unreadableSecret(what, `it was sealed with the key "${kid}", which SECRETS_KEYS does not list`);
  return decipher(key, iv, tag, data, associatedData(purpose, kid), what);
}

/** Whether a sealed value is under another key than the one that seals now (a rotation re-seals it). */
export const needsReseal = (config: SecretsConfig, sealed: string) =>
  !sealed.startsWith(`${VERSION}.${config.secretsKeys[0]?.id ?? ''}.`);

/**
 * Values sealed before SECRETS_KEYS existed (`v1.<iv>.<tag>.<data>`), under keys derived
 * from JWT_SECRET, one derivation per former copy of this code. They open while JWT_SECRET
 * is the one they were sealed under; the start-up re-seal moves them to the ring.
 */
const legacyKeys: Partial<Record<SecretPurpose, (jwtSecret: string) => Buffer>> = {
  totp: (jwtSecret) => createHash('sha256').update(`vigilo:totp:${jwtSecret}`).digest(),
  'sso-client-secret': (jwtSecret) =>
    Buffer.from(hkdfSync('sha256', jwtSecret, 'vigilo', 'sso-client-secret', 32)),
};

function openLegacy(config: SecretsConfig, purpose: SecretPurpose, parts: string[], what: string): string {
  const [, iv = '', tag = '', data = ''] = parts;
  const derive = legacyKeys[purpose];
  // Purposes newer than SECRETS_KEYS (receiver credentials) never had a v1 value.
  if (!derive) throw unreadableSecret(what, 'it is not a sealed value');
  const key = derive(config.jwtSecret);
  try {
    return decipher(key, iv, tag, data, null, what);
  } catch {
    throw unreadableSecret(
      what,
      'it was sealed under an earlier JWT_SECRET before SECRETS_KEYS existed, and that secret has changed',
    );
  }
}

function decipher(key: Buffer, iv: string, tag: string, data: string, aad: Buffer | null, what: string) {
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    if (aad) d.setAAD(aad);
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    throw unreadableSecret(what, 'it was altered or damaged (its authentication tag does not match)');
  }
}

/** What a derived key signs; each purpose has keys of its own. */
export type KeyPurpose = 'storage-url';

/**
 * Keys for signing (not sealing), derived from the ring with HKDF, one per ring key and
 * purpose: the first signs, every one verifies, so a rotation keeps URLs signed a moment
 * ago working. With no ring (development and test configurations built without
 * SECRETS_KEYS; production requires it) one key is derived from JWT_SECRET, never JWT_SECRET itself.
 */
export function derivedKeys(config: SecretsConfig, purpose: KeyPurpose): SecretKey[] {
  const derive = (secret: Buffer | string, id: string) => ({
    id,
    key: Buffer.from(hkdfSync('sha256', secret, 'vigilo', purpose, 32)),
  });
  if (config.secretsKeys.length === 0) return [derive(config.jwtSecret, 'jwt')];
  return config.secretsKeys.map((k) => derive(k.key, k.id));
}
