import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createOutboundFetch } from '../../platform/outbound-http.ts';
import type { As2Failure } from './submissions.as2-open.ts';
import { type As2Signing, nodeDigest, signMime } from './submissions.smime.ts';

/**
 * The signed MDN Vigilo answers to an AS2 message (RFC 4130 7.4, RFC 3798; decision 0196):
 * multipart/signed over a multipart/report of a text/plain sentence and a
 * message/disposition-notification, with the MIC of the signed entity in the algorithm the
 * sender asked. Synchronous on the connection, or POSTed later to the sender's
 * Receipt-Delivery-Option address by a durable job.
 */

const CRLF = '\r\n';
const SUPPORTED: readonly As2Signing[] = ['sha-1', 'sha-256', 'sha-384', 'sha-512'];

/** `sha256`, `SHA-256`… as our name for it, or null for a digest we do not make (md5). */
const asSigning = (name: string): As2Signing | null =>
  SUPPORTED.find((s) => nodeDigest(s) === nodeDigest(name.trim())) ?? null;

/**
 * The MIC algorithm: the first of `signed-receipt-micalg` (Disposition-Notification-Options)
 * that we make, else the signed message's own micalg, else the receiver's agreed one.
 */
export function micAlgorithm(
  options: string | undefined,
  micalg: string | null,
  agreed: As2Signing,
): As2Signing {
  const asked = /signed-receipt-micalg\s*=\s*[^,;]*,([^;]*)/i.exec(options ?? '')?.[1] ?? '';
  for (const name of asked.split(',')) {
    const found = asSigning(name);
    if (found) return found;
  }
  return (micalg && asSigning(micalg)) || agreed;
}

/** Text for a 7-bit MIME part and a header: printable ASCII only, CRLF lines. */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e\n]/g, '')
    .replace(/\n/g, CRLF);

export interface MdnInput {
  /** Our AS2 name and the partner's, as they go on the wire. */
  ours: string;
  partner: string;
  originalMessageId: string;
  /** `processed`, or the failure named in `processed/error: …`. */
  failure: As2Failure | null;
  explanation: string;
  mic: { value: string; algorithm: As2Signing } | null;
  signing: As2Signing;
  ownCertificate: string;
  ownPrivateKey: string;
}

export interface BuiltMdn {
  headers: Record<string, string>;
  body: Buffer;
}

/** A signed MDN and the HTTP headers that carry it. */
export function buildMdn(input: MdnInput): BuiltMdn {
  const boundary = `----=_Vigilo_report_${randomUUID()}`;
  const disposition = input.failure ? `processed/error: ${input.failure}` : 'processed';
  const report = [
    `Content-Type: multipart/report; report-type=disposition-notification; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    'Content-Transfer-Encoding: 7bit',
    '',
    ascii(input.explanation),
    `--${boundary}`,
    'Content-Type: message/disposition-notification',
    'Content-Transfer-Encoding: 7bit',
    '',
    'Reporting-UA: Vigilo AS2',
    `Original-Recipient: rfc822; ${input.ours}`,
    `Final-Recipient: rfc822; ${input.ours}`,
    `Original-Message-ID: ${ascii(input.originalMessageId)}`,
    ...(input.mic ? [`Received-Content-MIC: ${input.mic.value}, ${input.mic.algorithm}`] : []),
    `Disposition: automatic-action/MDN-sent-automatically; ${disposition}`,
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
  const signed = signMime(report, input.signing, input.ownCertificate, input.ownPrivateKey);
  return {
    headers: {
      'content-type': signed.contentType,
      'mime-version': '1.0',
      'as2-version': '1.0',
      'as2-from': input.ours,
      'as2-to': input.partner,
      'message-id': `<mdn-${randomUUID()}@vigilo>`,
    },
    body: signed.body,
  };
}

/** The durable job that POSTs an asynchronous MDN to the sender's address. */
export const ASYNC_MDN_JOB = 'submissions.as2-mdn';

export interface AsyncMdnJob {
  url: string;
  headers: Record<string, string>;
  /** The MDN body, base64 (job data is JSON). */
  body: string;
}

export function enqueueAsyncMdn(jobs: Jobs, url: string, mdn: BuiltMdn) {
  return jobs.send(
    ASYNC_MDN_JOB,
    { url, headers: mdn.headers, body: mdn.body.toString('base64') } satisfies AsyncMdnJob,
    {
      retryLimit: 5,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
    },
  );
}

/** Sends one asynchronous MDN through the guarded fetch; an answer other than 2xx is tried again later. */
export async function sendAsyncMdn(config: Pick<Config, 'outboundAllowedHosts'>, job: AsyncMdnJob) {
  const fetch = createOutboundFetch({
    allowedHosts: config.outboundAllowedHosts,
    timeoutMs: 30_000,
    maxResponseBytes: 64 * 1024,
    maxRedirects: 0,
  });
  const response = await fetch(job.url, {
    method: 'POST',
    headers: job.headers,
    body: new Uint8Array(Buffer.from(job.body, 'base64')),
    redirect: 'manual',
  });
  if (!response.ok)
    throw new Error(`The asynchronous MDN was refused: HTTP ${response.status} from ${job.url}`);
}
