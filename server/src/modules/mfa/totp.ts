import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 defaults (30 s steps, 6 digits, SHA-1: what every authenticator app reads). */
const PERIOD = 30;

/** A 6-digit code as typed: spaces and dashes are dropped; anything else is not a code. */
export function normaliseCode(code: string): string | null {
  const value = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(value) ? value : null;
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI and its QR code (PNG data URL) for an authenticator app. */
export async function totpEnrolment(secret: string, account: string, issuer: string) {
  const uri = generateURI({ issuer, label: account, secret });
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { uri, qrCode };
}

/**
 * Checks a TOTP code with one step of drift either way. A code is never accepted twice:
 * a time step at or before `lastTimeStep` (the last accepted one) is refused. Returns the
 * accepted time step, to be stored, or null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastTimeStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: PERIOD,
    ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
