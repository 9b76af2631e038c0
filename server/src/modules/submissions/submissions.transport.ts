import { type ParsedAcknowledgement, parseAcknowledgement } from '@vigilo/e2b';
import type { Config } from '../../config.ts';
import { createOutboundFetch, OutboundRefusedError } from '../../platform/outbound-http.ts';
import { openSecret } from '../../platform/secrets.ts';
import type { ReceiverRow } from './receivers.repository.ts';
import { as2Transport } from './submissions.as2.ts';

/**
 * How a message reaches a receiver (decision 0171). Every transport answers the same shape,
 * so AS2 and SFTP can be added beside HTTPS without touching the delivery job.
 */

/** One E2B(R3) message for one receiver. */
export interface OutboundMessage {
  messageId: string;
  xml: string;
}

export interface DeliveryOutcome {
  /** delivered: the receiver took it; refused: it said no (never retried); failed: try again later. */
  status: 'delivered' | 'refused' | 'failed';
  httpStatus: number | null;
  /** The receiver's answer, cut to 4,000 characters (or the error, in words). */
  body: string | null;
  /** An acknowledgement the receiver answered at once, read with the E2B library. */
  ack?: ParsedAcknowledgement;
  /** The signed MDN an AS2 receiver answered (its signature checked), kept as a response (decision 0196). */
  mdn?: { contentType: string; text: string };
}

export interface Transport {
  deliver(message: OutboundMessage): Promise<DeliveryOutcome>;
}

/** The sealed credentials, opened (platform/secrets.ts, purpose `receiver-credentials`). */
export interface Credentials {
  token?: string;
  username?: string;
  password?: string;
  certificate?: string;
  privateKey?: string;
}

/** The header naming the message, so that a receiver sees a resent message as the same one. */
export const MESSAGE_ID_HEADER = 'X-Message-Id';
export const TIMEOUT_MS = 30_000;

/** Why a send got no answer, in words: refused by the guard, timed out, or the connection failed. */
export const sendFailure = (error: unknown, timeoutMs: number) =>
  error instanceof OutboundRefusedError
    ? error.message
    : ['TimeoutError', 'AbortError'].includes((error as Error).name)
      ? `No answer within ${timeoutMs / 1000} seconds`
      : `The connection failed: ${(error as Error).message}`;

/** 408 and 429 say "later"; 5xx is the receiver's trouble; any other 4xx is a refusal that sending again would only repeat. */
export const answerLater = (status: number) => status === 408 || status === 429 || status >= 500;

const readAck = (body: string): ParsedAcknowledgement | undefined => {
  if (!body.includes('MCCI_IN200101UV01')) return undefined;
  try {
    return parseAcknowledgement(body);
  } catch {
    return undefined;
  }
};

/** HTTPS POST of the XML, through the guarded fetch (platform/outbound-http.ts). */
export function httpsTransport(
  config: Pick<Config, 'outboundAllowedHosts'>,
  receiver: Pick<ReceiverRow, 'url' | 'auth' | 'ca_certificate'>,
  credentials: Credentials,
  timeoutMs = TIMEOUT_MS,
): Transport {
  const fetch = createOutboundFetch({
    allowedHosts: config.outboundAllowedHosts,
    timeoutMs,
    maxResponseBytes: 5 * 1024 * 1024,
    // A receiver that redirects a POST of a case is misconfigured: refuse it, do not follow.
    maxRedirects: 0,
    tls: {
      ...(receiver.ca_certificate ? { ca: receiver.ca_certificate } : {}),
      ...(receiver.auth === 'client_certificate'
        ? { cert: credentials.certificate, key: credentials.privateKey }
        : {}),
    },
  });
  const authorization =
    receiver.auth === 'bearer'
      ? `Bearer ${credentials.token}`
      : receiver.auth === 'basic'
        ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
        : null;
  return {
    async deliver(message) {
      let response: Response;
      try {
        response = await fetch(receiver.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            [MESSAGE_ID_HEADER]: message.messageId,
            'idempotency-key': message.messageId,
            ...(authorization ? { authorization } : {}),
          },
          body: message.xml,
          redirect: 'manual',
        });
      } catch (error) {
        return { status: 'failed', httpStatus: null, body: sendFailure(error, timeoutMs) };
      }
      const body = (await response.text()).slice(0, 4000);
      const ack = readAck(body);
      if (response.ok) return { status: 'delivered', httpStatus: response.status, body, ...(ack && { ack }) };
      return {
        status: answerLater(response.status) ? 'failed' : 'refused',
        httpStatus: response.status,
        body,
        ...(ack && { ack }),
      };
    },
  };
}

/** The transport of a receiver, its credentials opened only here, in memory, for the send. */
export function transportFor(config: Config, receiver: ReceiverRow): Transport | null {
  if (!['https', 'as2'].includes(receiver.transport) || !receiver.url) return null;
  const credentials: Credentials = receiver.credentials_sealed
    ? JSON.parse(
        openSecret(config, 'receiver-credentials', receiver.credentials_sealed, "The receiver's credentials"),
      )
    : {};
  const timeoutMs = config.submissionSendTimeoutSeconds * 1000;
  return receiver.transport === 'as2'
    ? as2Transport(config, receiver, credentials, timeoutMs)
    : httpsTransport(config, receiver, credentials, timeoutMs);
}
