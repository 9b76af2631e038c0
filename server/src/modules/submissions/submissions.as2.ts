import type { Config } from '../../config.ts';
import { createOutboundFetch } from '../../platform/outbound-http.ts';
import type { ReceiverRow } from './receivers.repository.ts';
import {
  type As2Encryption,
  type As2Signing,
  MdnError,
  readSignedMdn,
  sameDigest,
  sealAs2Message,
} from './submissions.smime.ts';
import {
  answerLater,
  type Credentials,
  type DeliveryOutcome,
  MESSAGE_ID_HEADER,
  sendFailure,
  TIMEOUT_MS,
  type Transport,
} from './submissions.transport.ts';

/**
 * AS2 (RFC 4130), the transport of FDA's ESG and EMA's gateway (decision 0195): the E2B
 * message signed with our key, encrypted for the partner's certificate, POSTed through the
 * guarded fetch with a synchronous signed MDN asked for. The MDN's signature (partner's
 * certificate), its message id and its MIC are checked before a delivery counts.
 */

export type As2Receiver = Pick<
  ReceiverRow,
  | 'url'
  | 'ca_certificate'
  | 'as2_from'
  | 'as2_to'
  | 'as2_partner_certificate'
  | 'as2_encryption'
  | 'as2_signing'
>;

/** An AS2 name on the wire: quoted when it holds a character an atom may not (RFC 4130 6.2). */
export const as2Name = (name: string) => (/^[!#-'*+\-/-9=?A-Z^-~]+$/.test(name) ? name : `"${name}"`);

/** The RFC 5322 Message-ID of a message id: the same id always gives the same Message-ID. */
export const as2MessageId = (messageId: string) =>
  `<${messageId.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, '_')}@vigilo>`;

/** What the MDN says, as a delivery outcome: only `processed` with our id and our MIC is a delivery. */
async function outcomeOf(
  httpStatus: number,
  contentType: string,
  body: Buffer,
  receiver: As2Receiver,
  sent: { messageId: string; mic: string },
): Promise<DeliveryOutcome> {
  const refuse = (why: string): DeliveryOutcome => ({ status: 'refused', httpStatus, body: why });
  if (body.length === 0) return refuse('The receiver answered without the signed MDN that was asked for');
  let mdn: Awaited<ReturnType<typeof readSignedMdn>>;
  try {
    mdn = await readSignedMdn(contentType, body, receiver.as2_partner_certificate!);
  } catch (error) {
    if (error instanceof MdnError) return refuse(error.message);
    throw error;
  }
  const said = [`Disposition: ${mdn.disposition}`, mdn.explanation].filter(Boolean).join('. ');
  // A signed MDN is kept whatever it says (decision 0196): the report shows it.
  const kept = {
    contentType: contentType.slice(0, 500),
    text: `${said}\n\n${mdn.fields}`.replace(/\0/g, '').slice(0, 64 * 1024),
  };
  const refuseWith = (why: string): DeliveryOutcome => ({ ...refuse(why), mdn: kept });
  if (mdn.originalMessageId && mdn.originalMessageId !== sent.messageId)
    return refuseWith(`The MDN answers another message (${mdn.originalMessageId}, not ${sent.messageId})`);
  const [type = ''] = mdn.disposition.split('/');
  const modifier = mdn.disposition.slice(type.length);
  if (type.trim().toLowerCase() !== 'processed' || /^\/\s*error/i.test(modifier))
    return refuseWith(
      `The receiver did not process the message: ${mdn.disposition || 'no disposition'}. ${mdn.explanation}`.trim(),
    );
  if (!mdn.mic || !mdn.micAlgorithm || !sameDigest(mdn.micAlgorithm, receiver.as2_signing))
    return refuseWith(
      `The MDN returns no ${receiver.as2_signing} MIC of the message: its integrity is not confirmed`,
    );
  if (mdn.mic !== sent.mic)
    return refuseWith(
      `The MDN's MIC (${mdn.mic}) is not that of the message sent (${sent.mic}): it was altered on the way`,
    );
  return { status: 'delivered', httpStatus, body: `${said}\n\n${mdn.fields}`.slice(0, 4000), mdn: kept };
}

/** The AS2 transport of one receiver; `credentials` are our signing certificate and key (PEM). */
export function as2Transport(
  config: Pick<Config, 'outboundAllowedHosts'>,
  receiver: As2Receiver,
  credentials: Credentials,
  timeoutMs = TIMEOUT_MS,
): Transport {
  const fetch = createOutboundFetch({
    allowedHosts: config.outboundAllowedHosts,
    timeoutMs,
    maxResponseBytes: 1024 * 1024,
    maxRedirects: 0,
    tls: receiver.ca_certificate ? { ca: receiver.ca_certificate } : {},
  });
  return {
    async deliver(message) {
      const messageId = as2MessageId(message.messageId);
      const sealed = sealAs2Message({
        xml: message.xml,
        filename: `${message.messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.xml`,
        signing: receiver.as2_signing as As2Signing,
        encryption: receiver.as2_encryption as As2Encryption,
        ownCertificate: credentials.certificate!,
        ownPrivateKey: credentials.privateKey!,
        partnerCertificate: receiver.as2_partner_certificate!,
      });
      let response: Response;
      try {
        response = await fetch(receiver.url!, {
          method: 'POST',
          headers: {
            'AS2-Version': '1.0',
            'AS2-From': as2Name(receiver.as2_from!),
            'AS2-To': as2Name(receiver.as2_to!),
            'Message-ID': messageId,
            Subject: `E2B(R3) message ${message.messageId}`,
            Date: new Date().toUTCString(),
            'MIME-Version': '1.0',
            'Content-Type': sealed.contentType,
            'Content-Disposition': 'attachment; filename=smime.p7m',
            // No URL: the MDN comes back on this connection (synchronous).
            'Disposition-Notification-To': as2Name(receiver.as2_from!),
            'Disposition-Notification-Options': `signed-receipt-protocol=required, pkcs7-signature; signed-receipt-micalg=required, ${receiver.as2_signing}`,
            [MESSAGE_ID_HEADER]: message.messageId,
            'Idempotency-Key': message.messageId,
          },
          body: new Uint8Array(sealed.body),
          redirect: 'manual',
        });
      } catch (error) {
        return { status: 'failed', httpStatus: null, body: sendFailure(error, timeoutMs) };
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok)
        return {
          status: answerLater(response.status) ? 'failed' : 'refused',
          httpStatus: response.status,
          body: body.toString('utf8').slice(0, 4000),
        };
      return outcomeOf(response.status, response.headers.get('content-type') ?? '', body, receiver, {
        messageId,
        mic: sealed.mic,
      });
    },
  };
}
