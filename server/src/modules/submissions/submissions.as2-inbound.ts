import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../../platform/app-types.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { checkOutboundUrl } from '../../platform/outbound-http.ts';
import { systemScope } from '../../platform/scope.ts';
import { openSecret } from '../../platform/secrets.ts';
import { findReceiver, type ReceiverRow } from './receivers.repository.ts';
import { as2Name } from './submissions.as2.ts';
import { buildMdn, enqueueAsyncMdn, micAlgorithm } from './submissions.as2-mdn.ts';
import { type As2Failure, As2OpenError, type OpenedAs2, openAs2Message } from './submissions.as2-open.ts';
import { reportsByMessageIds } from './submissions.repository.ts';
import { keepResponse, type ResponseContent } from './submissions.responses.ts';
import { type As2Signing, headerParam, micOf, multipartParts, parseHeaders } from './submissions.smime.ts';
import type { Credentials } from './submissions.transport.ts';

/**
 * POST /v1/organisation/{id}/receivers/{receiverId}/as2 (decision 0196): what a receiver's
 * AS2 gateway sends back (FDA's ACK2 and ACK3, EMA's acknowledgements), authenticated by the
 * partner's signature, not by a token. Opened with our key, checked with the partner's
 * certificate, kept through the same core as POST /v1/submissions/responses, and answered
 * with a signed MDN when one is asked for.
 */

export interface As2Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};
/** An AS2 name as it came, quotes and their escapes undone (RFC 4130 6.2). */
const unquote = (name: string) => name.replace(/^"(.*)"$/s, '$1').replace(/\\(.)/g, '$1');

/** The AS2 receiver a partner writes to, or the same 404 whatever the reason (no tenant is told apart). */
async function as2Receiver(deps: AppDeps, organisationId: string, receiverId: string) {
  const receiver = await findReceiver(deps.db, systemScope, receiverId);
  if (
    !receiver ||
    receiver.organisation_id !== organisationId ||
    receiver.transport !== 'as2' ||
    !receiver.credentials_sealed ||
    !receiver.as2_partner_certificate
  )
    throw notFound('Receiver');
  return receiver;
}

/** Text to keep: as it came when it is text, else base64 (PostgreSQL text holds no NUL). */
function keepable(payload: Buffer): { text: string; base64: boolean } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
    if (!text.includes('\0')) return { text, base64: false };
  } catch {}
  return { text: payload.toString('base64'), base64: true };
}

/** Our Message-ID (`<id@vigilo>`, submissions.as2.ts) back to the message id, when it is one of ours. */
const ourMessageId = (value: string | undefined) => /^<(.+)@vigilo>$/.exec(value?.trim() ?? '')?.[1];

/** What an opened message holds, as the kept response's content. */
async function contentOf(deps: AppDeps, receiver: ReceiverRow, opened: OpenedAs2): Promise<ResponseContent> {
  const type = opened.contentType.split(';')[0]!.trim().toLowerCase();
  const { text, base64 } = keepable(opened.payload);
  if (!base64 && (/xml/.test(type) || /^\ufeff?\s*</.test(text)))
    return { kind: 'acknowledgement', xml: text };
  const stored = base64 ? ' It is not text: it is kept in base64.' : '';
  if (type === 'multipart/report' || type === 'message/disposition-notification') {
    let fields = new Map<string, string>();
    try {
      const boundary = headerParam(opened.contentType, 'boundary');
      const parts = boundary ? multipartParts(opened.payload.toString('latin1'), boundary) : [];
      const notification = parts.find((p) =>
        /disposition-notification/i.test(p.headers.get('content-type') ?? ''),
      );
      fields = parseHeaders(notification?.body ?? (boundary ? '' : opened.payload.toString('latin1')));
    } catch {}
    const original = fields.get('original-message-id');
    const messageId = ourMessageId(original);
    const [report] = messageId
      ? await reportsByMessageIds(deps.db, systemScope, receiver.organisation_id, [messageId])
      : [];
    const said = fields.get('disposition') ? ` It says: ${fields.get('disposition')}.` : '';
    return {
      kind: 'mdn',
      text,
      messageIds: messageId ? [messageId] : [],
      matched: false,
      submissionReportId: null,
      problem: report
        ? `An AS2 receipt (MDN) for the message ${messageId}, which had its receipt when it was sent: nothing was changed.${said}${stored}`
        : `An AS2 receipt (MDN) for a message Vigilo did not send for this organisation (${original ?? 'no Original-Message-ID'}).${said}${stored}`,
    };
  }
  return {
    kind: 'other',
    text,
    messageIds: [],
    matched: false,
    submissionReportId: null,
    problem: `Not an ICH acknowledgement: a ${type || 'text'} message, kept as it came (a gateway's receipt, such as FDA's ACK2, is one).${stored}`,
  };
}

/** The sentence of the MDN for what was kept. */
function explanation(kept: Awaited<ReturnType<typeof keepResponse>>) {
  if (kept.duplicate) return 'This Message-ID was received before: the message was not processed again.';
  const updated = kept.results.filter((r) => r.submissionReportId).length;
  return [
    'The message was decrypted, its signature verified, and its content kept.',
    updated ? `${updated} submission report(s) updated from the acknowledgement.` : '',
    kept.problem ? `Kept for review: ${kept.problem}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export async function receiveAs2(
  deps: AppDeps,
  params: { id: string; receiverId: string },
  headers: IncomingHttpHeaders,
  body: Buffer,
  requestId: string,
): Promise<As2Answer> {
  const { config } = deps;
  const receiver = await as2Receiver(deps, params.id, params.receiverId);
  const to = header(headers, 'as2-to');
  const from = header(headers, 'as2-from');
  const messageId = header(headers, 'message-id');
  if (!to || unquote(to) !== receiver.as2_from)
    throw fieldError(
      'headers/as2-to',
      to ? 'invalid' : 'required',
      'AS2-To must be the AS2 name this address is for',
    );
  if (!from || unquote(from) !== receiver.as2_to)
    throw fieldError(
      'headers/as2-from',
      from ? 'invalid' : 'required',
      'AS2-From must be the partner this address is for',
    );
  if (!messageId || messageId.length > 998)
    throw fieldError(
      'headers/message-id',
      messageId ? 'tooLong' : 'required',
      'An AS2 message needs a Message-ID',
    );

  const credentials: Credentials = JSON.parse(
    openSecret(config, 'receiver-credentials', receiver.credentials_sealed!, "The receiver's credentials"),
  );
  const keys = {
    ownCertificate: credentials.certificate!,
    ownPrivateKey: credentials.privateKey!,
    partnerCertificate: receiver.as2_partner_certificate!,
  };
  let failure: { failure: As2Failure; message: string } | null = null;
  let opened: OpenedAs2 | null = null;
  let said: string;
  try {
    opened = await openAs2Message(header(headers, 'content-type') ?? '', body, keys);
    if (opened.payload.length > config.e2bMaxBytes)
      throw new As2OpenError(
        'unexpected-processing-error',
        `The content is larger than the limit of ${config.e2bMaxBytes} bytes`,
      );
  } catch (error) {
    failure =
      error instanceof As2OpenError
        ? { failure: error.failure, message: error.message }
        : { failure: 'unexpected-processing-error', message: 'The message cannot be read' };
  }
  if (opened && !failure) {
    const kept = await keepResponse(
      deps.db,
      config,
      systemScope,
      { id: receiver.organisation_id, platform_id: receiver.platform_id },
      await contentOf(deps, receiver, opened),
      {
        via: 'as2',
        receiverId: receiver.id,
        as2MessageId: messageId,
        contentType: opened.contentType.slice(0, 500),
        createdBy: null,
        actorUserId: null,
        applicationId: null,
        requestId,
      },
    );
    said = explanation(kept);
  } else said = `The message was not processed: ${failure!.message}`;

  if (!header(headers, 'disposition-notification-to')) {
    if (failure) throw new AppError('BAD_REQUEST', said, { as2Error: failure.failure });
    return { status: 200, headers: {}, body: null };
  }
  const mdnAlgorithm = micAlgorithm(
    header(headers, 'disposition-notification-options'),
    opened?.micalg ?? null,
    receiver.as2_signing as As2Signing,
  );
  const mdn = buildMdn({
    ours: as2Name(receiver.as2_from!),
    partner: as2Name(receiver.as2_to!),
    originalMessageId: messageId,
    failure: failure?.failure ?? null,
    explanation: said,
    mic: opened ? { value: micOf(opened.signed, mdnAlgorithm), algorithm: mdnAlgorithm } : null,
    signing: mdnAlgorithm,
    ownCertificate: keys.ownCertificate,
    ownPrivateKey: keys.ownPrivateKey,
  });
  // Only a message whose signature held may have its MDN sent elsewhere: an address from
  // anyone would make Vigilo post to wherever a stranger names.
  const asyncUrl = failure ? undefined : header(headers, 'receipt-delivery-option');
  if (asyncUrl && checkable(asyncUrl, config.outboundAllowedHosts)) {
    await enqueueAsyncMdn(deps.jobs, asyncUrl, mdn);
    return { status: 200, headers: {}, body: null };
  }
  return { status: 200, headers: mdn.headers, body: mdn.body };
}

/** An asynchronous MDN address the guarded fetch would try; any other is answered on the connection instead. */
function checkable(url: string, allowedHosts: readonly string[]) {
  try {
    checkOutboundUrl(url, allowedHosts);
    return true;
  } catch {
    return false;
  }
}
