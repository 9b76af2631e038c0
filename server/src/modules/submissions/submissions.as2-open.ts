import forge from 'node-forge';
import {
  decodeBody,
  decodeQuotedPrintable,
  headerParam,
  mimePart,
  type Part,
  verifySignedParts,
} from './submissions.smime.ts';

/**
 * Opening an AS2 message a partner sent (RFC 4130, decision 0196): the CMS EnvelopedData
 * decrypted with our key (RSA PKCS#1 v1.5 key transport, AES-CBC or 3DES: what we send and
 * what gateways send), then the multipart/signed checked with the partner's pinned
 * certificate. A signature is required; encryption is not. Each failure is named as the MDN
 * names it (RFC 4130 7.4.3).
 */

export type As2Failure =
  | 'decryption-failed'
  | 'authentication-failed'
  | 'integrity-check-failed'
  | 'insufficient-message-security'
  | 'unexpected-processing-error';

/** Why a message cannot be opened: the MDN's error modifier and a sentence. */
export class As2OpenError extends Error {
  override name = 'As2OpenError';
  constructor(
    readonly failure: As2Failure,
    message: string,
  ) {
    super(message);
  }
}

export interface OpenedAs2 {
  /** Whether it came encrypted (a signed message in clear is accepted too). */
  encrypted: boolean;
  /** The signed MIME entity, headers included, exactly as its signature holds: what the MIC covers. */
  signed: Buffer;
  /** The multipart/signed's own micalg, when it says. */
  micalg: string | null;
  /** The payload: its MIME type and its bytes, transfer encoding undone. */
  contentType: string;
  payload: Buffer;
}

export interface As2Keys {
  ownCertificate: string;
  ownPrivateKey: string;
  partnerCertificate: string;
}

/** The decrypted MIME of an EnvelopedData (DER or BER), as latin1 text. */
function decrypt(body: Buffer, keys: As2Keys): string {
  let message: ReturnType<typeof forge.pkcs7.messageFromAsn1>;
  try {
    message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(body.toString('binary'), false));
  } catch (error) {
    throw new As2OpenError(
      'decryption-failed',
      `The message is not CMS enveloped data: ${(error as Error).message}`,
    );
  }
  if (!('findRecipient' in message))
    throw new As2OpenError('decryption-failed', 'The message is CMS data but not enveloped (encrypted) data');
  const recipient = message.findRecipient(forge.pki.certificateFromPem(keys.ownCertificate));
  if (!recipient)
    throw new As2OpenError(
      'decryption-failed',
      'The message is not encrypted for our certificate (no recipient matches it)',
    );
  try {
    message.decrypt(recipient, forge.pki.privateKeyFromPem(keys.ownPrivateKey));
  } catch (error) {
    throw new As2OpenError(
      'decryption-failed',
      `The message cannot be decrypted with our key: ${(error as Error).message}`,
    );
  }
  const content = (message as { content?: forge.util.ByteStringBuffer }).content;
  if (!content) throw new As2OpenError('decryption-failed', 'The message decrypts to nothing');
  return content.getBytes();
}

const payloadOf = (part: Part) =>
  /quoted-printable/i.test(part.headers.get('content-transfer-encoding') ?? '')
    ? Buffer.from(decodeQuotedPrintable(part.body), 'latin1')
    : decodeBody(part);

/**
 * Opens a message that came with the HTTP Content-Type `contentType`. Throws As2OpenError
 * with the MDN's failure; never anything else for any input.
 */
export async function openAs2Message(contentType: string, body: Buffer, keys: As2Keys): Promise<OpenedAs2> {
  if (body.length === 0)
    throw new As2OpenError('unexpected-processing-error', 'The request carries no AS2 message');
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  let mime: Part;
  let encrypted = false;
  if (type === 'multipart/signed') {
    mime = { headers: new Map([['content-type', contentType]]), body: body.toString('latin1'), raw: '' };
  } else if (
    ['application/pkcs7-mime', 'application/x-pkcs7-mime', 'application/octet-stream', ''].includes(type)
  ) {
    mime = mimePart(decrypt(body, keys));
    encrypted = true;
  } else {
    throw new As2OpenError(
      'insufficient-message-security',
      `A ${type} message is neither encrypted nor signed: AS2 messages must be signed`,
    );
  }
  const innerType = mime.headers.get('content-type') ?? '';
  if (!/^multipart\/signed/i.test(innerType))
    throw new As2OpenError(
      'insufficient-message-security',
      `The message is not signed (it holds ${innerType.split(';')[0] || 'no content type'}): AS2 messages must be signed`,
    );
  const boundary = headerParam(innerType, 'boundary');
  if (!boundary) throw new As2OpenError('authentication-failed', 'The signed message has no boundary');
  let checked: Awaited<ReturnType<typeof verifySignedParts>>;
  try {
    checked = await verifySignedParts(mime.body, boundary, keys.partnerCertificate);
  } catch (error) {
    throw new As2OpenError(
      'authentication-failed',
      `The signature cannot be read: ${(error as Error).message}`,
    );
  }
  if (checked.verdict === 'digest-mismatch')
    throw new As2OpenError(
      'integrity-check-failed',
      'The signed content is not what was signed: it was altered on the way',
    );
  if (checked.verdict === 'bad-signature')
    throw new As2OpenError(
      'authentication-failed',
      "The signature is not the partner's: it does not verify with the partner's certificate",
    );
  return {
    encrypted,
    signed: checked.bytes,
    micalg: headerParam(innerType, 'micalg') ?? null,
    contentType: checked.signed.headers.get('content-type') ?? 'text/plain',
    payload: payloadOf(checked.signed),
  };
}
