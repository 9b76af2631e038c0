import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openssl } from './as2-receiver.ts';

/**
 * A regulator's AS2 gateway for the tests (RFC 4130), built on the `openssl cms` command,
 * not on the code under test: it signs a MIME entity with the gateway's key (`cms -sign`),
 * encrypts it for our certificate (`cms -encrypt`, RSA PKCS#1 v1.5 key transport, AES-256-CBC),
 * and reads our signed MDN back with `cms -verify`. The MIC it expects is its own digest of
 * the entity it signed.
 */

const CRLF = '\r\n';

/** PEM files in a temporary folder for one openssl call. */
function withFiles<T>(files: Record<string, string>, run: (path: (name: string) => string) => Promise<T>) {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-as2-sender-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return run((name) => join(dir, name)).finally(() => rmSync(dir, { recursive: true, force: true }));
}

export interface SentMessage {
  /** The HTTP Content-Type and body. */
  contentType: string;
  body: Buffer;
  /** base64 SHA-256 of the signed entity, headers included (RFC 4130 7.3.1), computed here. */
  mic: string;
}

/** A MIME entity of `content`, base64 in 76-character CRLF lines. */
export function entityOf(content: Buffer | string, contentType = 'application/xml'): string {
  const base64 = Buffer.from(content)
    .toString('base64')
    .replace(/.{76}(?=.)/g, `$&${CRLF}`);
  return [`Content-Type: ${contentType}`, 'Content-Transfer-Encoding: base64', '', base64].join(CRLF);
}

/** The header block of openssl's S/MIME output split from its body. */
function splitMime(mime: string) {
  const at = mime.indexOf(`${CRLF}${CRLF}`);
  const head = mime.slice(0, at);
  const contentType = /^Content-Type:\s*(.*(?:\r\n[ \t].*)*)/im.exec(head)![1]!.replace(/\r\n[ \t]+/g, ' ');
  return { contentType, body: mime.slice(at + 4) };
}

/**
 * An AS2 message of `entity`: signed by `signer` (unless null), then encrypted for
 * `recipient` (unless null). `tamper` changes a byte of the signed entity after signing.
 */
export async function as2Message(options: {
  entity: string;
  signer: { cert: string; key: string } | null;
  recipient: string | null;
  tamper?: boolean;
}): Promise<SentMessage> {
  const mic = createHash('sha256').update(options.entity, 'latin1').digest('base64');
  let mime = options.entity;
  if (options.signer) {
    const signer = options.signer;
    mime = (
      await withFiles({ 'cert.pem': signer.cert, 'key.pem': signer.key }, (path) =>
        openssl(
          [
            'cms',
            '-sign',
            '-signer',
            path('cert.pem'),
            '-inkey',
            path('key.pem'),
            '-md',
            'sha256',
            '-binary',
            '-crlfeol',
          ],
          options.entity,
        ),
      )
    ).toString('latin1');
    if (options.tamper) {
      const at = mime.indexOf('Content-Transfer-Encoding: base64');
      const line = mime.indexOf(CRLF + CRLF, at) + 4;
      mime = `${mime.slice(0, line)}${mime[line] === 'A' ? 'B' : 'A'}${mime.slice(line + 1)}`;
    }
  }
  if (!options.recipient) {
    const { contentType, body } = splitMime(mime);
    return { contentType, body: Buffer.from(body, 'latin1'), mic };
  }
  const recipient = options.recipient;
  const body = await withFiles({ 'recipient.pem': recipient }, (path) =>
    openssl(
      ['cms', '-encrypt', '-binary', '-outform', 'DER', '-aes256', path('recipient.pem')],
      Buffer.from(mime, 'latin1'),
    ),
  );
  return { contentType: 'application/pkcs7-mime; smime-type=enveloped-data; name=smime.p7m', body, mic };
}

export interface ReadMdn {
  /** The disposition-notification fields, by lower-case name. */
  fields: Record<string, string>;
  text: string;
}

/**
 * Our signed MDN checked with `openssl cms -verify` against `signerCert` (our certificate,
 * pinned as a gateway pins it); its fields read with plain string handling. Rejects when the
 * signature does not verify.
 */
export async function verifyMdn(contentType: string, body: Buffer, signerCert: string): Promise<ReadMdn> {
  const mime = Buffer.concat([Buffer.from(`Content-Type: ${contentType}${CRLF}${CRLF}`), body]);
  const content = (
    await withFiles({ 'signer.pem': signerCert }, (path) =>
      openssl(['cms', '-verify', '-CAfile', path('signer.pem'), '-purpose', 'any'], mime),
    )
  ).toString('latin1');
  const fields: Record<string, string> = {};
  const notification = content.split(/Content-Type: message\/disposition-notification/i)[1] ?? '';
  for (const line of notification.split(/\r?\n/)) {
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (m && !/^content-/i.test(m[1]!)) fields[m[1]!.toLowerCase()] = m[2]!;
  }
  const text = (content.split(/Content-Type: text\/plain[^\r\n]*\r?\n/i)[1] ?? '').split(/\r?\n--/)[0] ?? '';
  return { fields, text: text.replace(/^Content-Transfer-Encoding:[^\r\n]*\r?\n/i, '').trim() };
}
