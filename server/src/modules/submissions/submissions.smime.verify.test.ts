import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openssl, rsaCertificate } from '../../../test/as2-receiver.ts';
import { verifyDetached } from './submissions.smime.ts';

/**
 * The detached CMS signature check (decision 0324), each refusal with an input only it refuses.
 * The signatures are made by `openssl cms -sign`, not by the code under test.
 */
const partner = rsaCertificate('partner');
const stray = rsaCertificate('stray');
const content = Buffer.from('Content-Type: application/xml\r\n\r\n<ichicsr>ångström</ichicsr>\r\n', 'latin1');

/** `files` in a temporary folder while `run` (an openssl call) uses them. */
async function inFolder<T>(
  files: Record<string, string>,
  run: (path: (name: string) => string) => T | Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-smime-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  try {
    return await run((name) => join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A detached DER signature of `data` by `signer`, with openssl's options `extra`. */
const sign = (data: Buffer, signer: { cert: string; key: string }, extra: string[] = []) =>
  inFolder({ 'cert.pem': signer.cert, 'key.pem': signer.key }, (path) =>
    openssl(
      [
        'cms',
        '-sign',
        '-binary',
        '-outform',
        'DER',
        '-signer',
        path('cert.pem'),
        '-inkey',
        path('key.pem'),
        ...extra,
      ],
      data,
    ),
  );

/** `data` with the bits of one byte (`at` from the end) flipped by `mask`. */
const flipped = (data: Buffer, at: number, mask: number) => {
  const copy = Buffer.from(data);
  copy.writeUInt8(copy.readUInt8(copy.length - at) ^ mask, copy.length - at);
  return copy;
};
const altered = flipped(content, 4, 0x01);

describe('verifyDetached', () => {
  it.each(['sha1', 'sha256', 'sha384', 'sha512'])('holds for the partner signing with %s', async (md) => {
    const signature = await sign(content, partner, ['-md', md]);
    await expect(verifyDetached(content, signature, partner.cert)).resolves.toBe('valid');
  });

  it('finds content changed after signing: its digest is not the one signed', async () => {
    const signature = await sign(content, partner, ['-md', 'sha256']);
    await expect(verifyDetached(altered, signature, partner.cert)).resolves.toBe('digest-mismatch');
  });

  it('refuses another signer, though the message carries that signer’s certificate', async () => {
    const signature = await sign(content, stray, ['-md', 'sha256']);
    await expect(verifyDetached(content, signature, partner.cert)).resolves.toBe('bad-signature');
  });

  it("refuses the partner's own signer identifier with a signature that does not hold", async () => {
    const signature = await sign(content, partner, ['-md', 'sha256', '-nocerts']);
    // With no certificates and no unsigned attributes, the DER ends with the signature value.
    const broken = flipped(signature, 1, 0xff);
    await expect(verifyDetached(content, broken, partner.cert)).resolves.toBe('bad-signature');
  });

  it("refuses the partner's key under another certificate: the signer must be the pinned one", async () => {
    const renewed = await inFolder({ 'key.pem': partner.key }, (path) =>
      execFileSync(
        'openssl',
        ['req', '-x509', '-key', path('key.pem'), '-days', '2', '-subj', '/CN=renewed'],
        {
          encoding: 'utf8',
        },
      ),
    );
    const signature = await sign(content, { cert: renewed, key: partner.key }, ['-md', 'sha256']);
    await expect(verifyDetached(content, signature, partner.cert)).resolves.toBe('bad-signature');
    await expect(verifyDetached(content, signature, renewed)).resolves.toBe('valid');
  });

  it('checks a signature without signed attributes over the content itself', async () => {
    const signature = await sign(content, partner, ['-md', 'sha256', '-noattr']);
    await expect(verifyDetached(content, signature, partner.cert)).resolves.toBe('valid');
    await expect(verifyDetached(altered, signature, partner.cert)).resolves.toBe('bad-signature');
  });

  it('throws on what is not a signature it can read: not DER, not signed data, an unknown digest', async () => {
    await expect(verifyDetached(content, Buffer.from('not der'), partner.cert)).rejects.toThrow('not DER');
    const enveloped = await inFolder({ 'cert.pem': partner.cert }, (path) =>
      openssl(['cms', '-encrypt', '-binary', '-outform', 'DER', '-aes256', path('cert.pem')], content),
    );
    await expect(verifyDetached(content, enveloped, partner.cert)).rejects.toThrow('not CMS signed data');
    const md5 = await sign(content, partner, ['-md', 'md5']);
    await expect(verifyDetached(content, md5, partner.cert)).rejects.toThrow(
      'digest this server does not know',
    );
  });
});
