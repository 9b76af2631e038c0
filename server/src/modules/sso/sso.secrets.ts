import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Client secrets of SSO providers are stored encrypted (AES-256-GCM) with a key derived from
 * JWT_SECRET, so a database dump alone does not reveal them. Changing JWT_SECRET makes the
 * stored secrets unreadable: administrators then enter them again (decision 0015).
 */
const keyFor = (masterSecret: string) =>
  Buffer.from(hkdfSync('sha256', masterSecret, 'vigilo', 'sso-client-secret', 32));

export function encryptSecret(masterSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(masterSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when it cannot be read (another key, tampered). */
export function decryptSecret(masterSecret: string, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(masterSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
