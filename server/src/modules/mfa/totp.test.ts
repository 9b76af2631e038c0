import { describe, expect, it } from 'vitest';
import { checkTotp, newTotpSecret, normaliseCode, totpEnrolment } from './totp.ts';

/** The parts of TOTP that need no server: what a typed code is, odd input, the QR code. */
describe('TOTP codes as typed', () => {
  it('takes six digits with spaces or dashes, nothing longer, shorter or else', () => {
    expect(normaliseCode('123456')).toBe('123456');
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
    for (const bad of ['1234567', '12345', 'a123456', '123456a', '12345a', ''])
      expect(normaliseCode(bad)).toBeNull();
  });

  it('a code that is not digits is simply not accepted', async () => {
    const secret = newTotpSecret();
    expect(await checkTotp(secret, 'abcdef', null)).toBeNull();
    expect(await checkTotp(secret, '', 7)).toBeNull();
  });

  it('the enrolment names the account and issuer, with a 240-pixel QR code', async () => {
    const secret = newTotpSecret();
    const { uri, qrCode } = await totpEnrolment(secret, 'ana@example.test', 'Vigilo Test');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Vigilo');
    const png = Buffer.from(qrCode.replace(/^data:image\/png;base64,/, ''), 'base64');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 240]);
  });
});
