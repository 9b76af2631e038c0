import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';

/**
 * The S/MIME of AS2 (RFC 4130 with RFC 5751 and 5652), decision 0195: a message signed
 * (multipart/signed, detached CMS SignedData) then encrypted (CMS EnvelopedData, RSA PKCS#1
 * v1.5 key transport as AS2 gateways expect), and the signed MDN read back: its signature
 * checked with the partner's certificate, its fields read. Signing and encryption are built on
 * node-forge's CMS and Node's crypto (libas2 was tried and not kept, the decision says why);
 * signatures are checked with PKI.js (decision 0324).
 */

export type As2Encryption = 'aes128-cbc' | 'aes192-cbc' | 'aes256-cbc' | '3des';
export type As2Signing = 'sha-1' | 'sha-256' | 'sha-384' | 'sha-512';

const CRLF = '\r\n';
const CIPHERS: Record<As2Encryption, string> = {
  'aes128-cbc': forge.pki.oids['aes128-CBC']!,
  'aes192-cbc': forge.pki.oids['aes192-CBC']!,
  'aes256-cbc': forge.pki.oids['aes256-CBC']!,
  '3des': forge.pki.oids['des-EDE3-CBC']!,
};
/** Digest OIDs (RFC 5754) and Node's names for them. */
const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
export const nodeDigest = (micalg: string) => micalg.toLowerCase().replace('-', '');
const forgeDigest = (signing: As2Signing) =>
  Object.keys(DIGESTS).find((oid) => DIGESTS[oid] === nodeDigest(signing))!;

/** The base64 digest of the signed entity, headers included (RFC 4130 7.3.1): what an MDN returns. */
export const micOf = (signed: Buffer, algorithm: As2Signing) =>
  createHash(nodeDigest(algorithm)).update(signed).digest('base64');

/** Base64 in lines of 76 characters, as MIME writes it. */
const base64Lines = (data: Buffer) => data.toString('base64').replace(/.{76}(?=.)/g, `$&${CRLF}`);

/**
 * `entity` (a MIME entity, headers included, CRLF lines) signed with our key: a
 * multipart/signed body (RFC 5751) with a detached CMS signature carrying the contentType,
 * messageDigest and signingTime attributes. Answers the Content-Type and the body.
 */
export function signMime(
  entity: string,
  signing: As2Signing,
  ownCertificate: string,
  ownPrivateKey: string,
): { contentType: string; body: Buffer } {
  const certificate = forge.pki.certificateFromPem(ownCertificate);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(entity);
  signed.addCertificate(certificate);
  signed.addSigner({
    key: forge.pki.privateKeyFromPem(ownPrivateKey),
    certificate,
    digestAlgorithm: forgeDigest(signing),
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: new Date() as unknown as string },
    ],
  });
  signed.sign({ detached: true });
  const signature = Buffer.from(forge.asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
  const boundary = `----=_Vigilo_${randomBytes(12).toString('hex')}`;
  const body = [
    `--${boundary}`,
    entity,
    `--${boundary}`,
    'Content-Type: application/pkcs7-signature; name=smime.p7s',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename=smime.p7s',
    '',
    base64Lines(signature),
    `--${boundary}--`,
    '',
  ].join(CRLF);
  return {
    contentType: `multipart/signed; protocol="application/pkcs7-signature"; micalg=${signing}; boundary="${boundary}"`,
    body: Buffer.from(body, 'latin1'),
  };
}

export interface SealedMessage {
  /** The MIME headers of the HTTP request that carry the envelope. */
  contentType: string;
  /** CMS EnvelopedData, DER (binary on the wire). */
  body: Buffer;
  /** The MIC the MDN must return: base64 digest of the signed part, headers included (RFC 4130 7.3.1). */
  mic: string;
}

/** Signs `xml` with our key and certificate, then encrypts it for the partner's certificate. */
export function sealAs2Message(input: {
  xml: string;
  filename: string;
  signing: As2Signing;
  encryption: As2Encryption;
  ownCertificate: string;
  ownPrivateKey: string;
  partnerCertificate: string;
}): SealedMessage {
  // Base64 keeps the signed bytes 7-bit with CRLF lines: no gateway rewrites them in transit.
  const entity = [
    'Content-Type: application/xml; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${input.filename}"`,
    '',
    base64Lines(Buffer.from(input.xml, 'utf8')),
  ].join(CRLF);
  const mic = micOf(Buffer.from(entity, 'latin1'), input.signing);

  const multipart = signMime(entity, input.signing, input.ownCertificate, input.ownPrivateKey);
  const mime = `Content-Type: ${multipart.contentType}${CRLF}${CRLF}${multipart.body.toString('latin1')}`;

  const envelope = forge.pkcs7.createEnvelopedData();
  envelope.addRecipient(forge.pki.certificateFromPem(input.partnerCertificate));
  envelope.content = forge.util.createBuffer(mime);
  envelope.encrypt(undefined, CIPHERS[input.encryption]);
  return {
    contentType: 'application/pkcs7-mime; smime-type=enveloped-data; name=smime.p7m',
    body: Buffer.from(forge.asn1.toDer(envelope.toAsn1()).getBytes(), 'binary'),
    mic,
  };
}

/** A problem with an MDN, said in words (the delivery stores it as the reason). */
export class MdnError extends Error {
  override name = 'MdnError';
}

export interface Part {
  headers: Map<string, string>;
  body: string;
  /** The part exactly as it came, headers included: what a signature covers. */
  raw: string;
}

/** Header fields of a block (folded lines joined), by lower-case name. */
export function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A parameter of a structured header (`boundary`, `micalg`…), quoted or not. */
export const headerParam = (value: string, name: string) =>
  new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value)?.slice(1).find(Boolean);

/** A MIME entity (headers, a blank line, a body) as a part. */
export function mimePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  if (raw.startsWith('\r\n') || raw.startsWith('\n'))
    return { headers: new Map(), body: raw.replace(/^\r?\n/, ''), raw };
  if (!split) return { headers: parseHeaders(raw), body: '', raw };
  return {
    headers: parseHeaders(raw.slice(0, split.index)),
    body: raw.slice(split.index + split[0].length),
    raw,
  };
}

/** The body parts of a multipart body (latin1 text), each exactly as it came. */
export function multipartParts(body: string, boundary: string): Part[] {
  const delimiter = `--${boundary}`;
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MdnError(`The multipart body has no part (boundary ${boundary} not found)`);
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.startsWith('--', at)) return parts;
    const start = body.indexOf('\n', at) + 1;
    const next = body.indexOf(`\n${delimiter}`, start - 1);
    if (start === 0 || next < 0) throw new MdnError('The multipart body is cut short (no closing boundary)');
    parts.push(mimePart(body.slice(start, body[next - 1] === '\r' ? next - 1 : next)));
    at = next + 1;
  }
}

export const decodeBody = (part: Part) =>
  /base64/i.test(part.headers.get('content-transfer-encoding') ?? '')
    ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
    : Buffer.from(part.body, 'latin1');

/** What checking a detached signature found: it holds, the content is not what was signed, or another key signed. */
export type SignatureVerdict = 'valid' | 'digest-mismatch' | 'bad-signature';

const arrayBufferOf = (data: Buffer): ArrayBuffer =>
  data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;

/** The partner's pinned certificate, read once per check by PKI.js. */
function pinnedCertificate(pem: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(arrayBufferOf(Buffer.from(new X509Certificate(pem).raw)));
}

/**
 * Checks a detached CMS signature over `content` with the partner's certificate, through PKI.js
 * (decision 0324): the signer must be that certificate (the signer's identifier names it; any
 * certificate the message carries is ignored), the messageDigest attribute must be the content's
 * digest, and the signature must hold over the signed attributes (or over the content when there
 * are none). Throws when the signature cannot be read at all.
 */
export async function verifyDetached(
  content: Buffer,
  signatureDer: Buffer,
  partnerCertificate: string,
): Promise<SignatureVerdict> {
  const read = asn1js.fromBER(arrayBufferOf(signatureDer));
  if (read.offset === -1) throw new Error('it is not DER');
  const info = new pkijs.ContentInfo({ schema: read.result });
  if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('it is not CMS signed data');
  const signed = new pkijs.SignedData({ schema: info.content });
  const signer = signed.signerInfos[0];
  if (!signer) throw new Error('it names no signer');
  if (!DIGESTS[signer.digestAlgorithm.algorithmId])
    throw new Error('it uses a digest this server does not know');
  signed.certificates = [pinnedCertificate(partnerCertificate)];
  try {
    const result = await signed.verify({ signer: 0, data: arrayBufferOf(content), extendedMode: true });
    return result.signatureVerified ? 'valid' : 'bad-signature';
  } catch (error) {
    if (!(error instanceof pkijs.SignedDataVerifyError)) throw error;
    // 3: the signer is not the partner's certificate; 15 with a digest: the content was changed.
    if (error.code === 15 && /digest doesn't match/i.test(error.message)) return 'digest-mismatch';
    if (error.code === 3 || error.signatureVerified === false) return 'bad-signature';
    throw new Error(error.message);
  }
}

/**
 * A multipart/signed entity checked with the partner's certificate, tried as received and in
 * canonical CRLF form: the verdict and the signed part's bytes that it holds for (what a MIC
 * is computed over). Throws when there is no signature part or it cannot be read.
 */
export async function verifySignedParts(
  body: string,
  boundary: string,
  partnerCertificate: string,
): Promise<{ verdict: SignatureVerdict; signed: Part; bytes: Buffer }> {
  const [content, signaturePart] = multipartParts(body, boundary);
  if (!content || !signaturePart) throw new Error('there is no signature part');
  const signature = decodeBody(signaturePart);
  const asSent = Buffer.from(content.raw, 'latin1');
  const first = await verifyDetached(asSent, signature, partnerCertificate);
  if (first === 'valid') return { verdict: first, signed: content, bytes: asSent };
  const canonical = Buffer.from(content.raw.replace(/\r?\n/g, CRLF), 'latin1');
  if (canonical.equals(asSent)) return { verdict: first, signed: content, bytes: asSent };
  const second = await verifyDetached(canonical, signature, partnerCertificate);
  return second === 'valid'
    ? { verdict: second, signed: content, bytes: canonical }
    : { verdict: first, signed: content, bytes: asSent };
}

/** What a signed MDN says (RFC 3798 fields), once its signature is checked. */
export interface Mdn {
  originalMessageId: string | null;
  /** e.g. `processed`, `processed/error: decryption-failed`, `failed/failure: …`. */
  disposition: string;
  mic: string | null;
  micAlgorithm: string | null;
  /** The human-readable part. */
  explanation: string;
  /** The disposition-notification fields as they came (kept as the receiver's answer). */
  fields: string;
}

export const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Reads an MDN answered with `contentType`; throws MdnError when it is unsigned or the signature does not hold. */
export async function readSignedMdn(
  contentType: string,
  body: Buffer,
  partnerCertificate: string,
): Promise<Mdn> {
  if (!/^multipart\/signed/i.test(contentType))
    throw new MdnError(
      `The receiver answered an unsigned ${contentType.split(';')[0] || 'answer'}, not a signed MDN`,
    );
  const boundary = headerParam(contentType, 'boundary');
  if (!boundary) throw new MdnError('The signed MDN has no boundary');
  let checked: Awaited<ReturnType<typeof verifySignedParts>>;
  try {
    checked = await verifySignedParts(body.toString('latin1'), boundary, partnerCertificate);
  } catch (error) {
    if (error instanceof MdnError) throw error;
    throw new MdnError(`The MDN's signature cannot be read: ${(error as Error).message}`);
  }
  if (checked.verdict !== 'valid')
    throw new MdnError("The MDN's signature does not match the partner's certificate");
  const content = checked.signed;

  const reportBoundary = headerParam(content.headers.get('content-type') ?? '', 'boundary');
  const parts = reportBoundary ? multipartParts(content.body, reportBoundary) : [content];
  const notification = parts.find((p) =>
    /message\/disposition-notification/i.test(p.headers.get('content-type') ?? ''),
  );
  if (!notification) throw new MdnError('The signed answer holds no disposition notification');
  const fields = parseHeaders(notification.body);
  const text = parts.find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain'));
  const explanation = text
    ? /quoted-printable/i.test(text.headers.get('content-transfer-encoding') ?? '')
      ? decodeQuotedPrintable(text.body)
      : decodeBody(text).toString('utf8')
    : '';
  const [mic, micAlgorithm] = (fields.get('received-content-mic') ?? '').split(',').map((s) => s.trim());
  return {
    originalMessageId: fields.get('original-message-id') ?? null,
    disposition: (fields.get('disposition') ?? '').split(';').slice(1).join(';').trim(),
    mic: mic || null,
    micAlgorithm: micAlgorithm || null,
    explanation: explanation.trim(),
    fields: notification.body.trim(),
  };
}

/** Whether two MIC algorithm names are the same digest (`sha-256`, `SHA256`…). */
export const sameDigest = (a: string, b: string) => nodeDigest(a) === nodeDigest(b);
