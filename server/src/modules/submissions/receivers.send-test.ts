import { randomBytes } from 'node:crypto';
import type { E2bProfile, ReceiverTestResult } from '@vigilo/contract';
import { readDbNow } from '../../db/columns.ts';
import type { Actor } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findingLanguage } from '../e2b/e2b.findings.ts';
import { referenceFor } from '../e2b/e2b.reference.ts';
import { managed } from './receivers.service.ts';
import { ackOutcome } from './submissions.delivery.ts';
import { buildMessage } from './submissions.message.ts';
import { sampleCase } from './submissions.sample-case.ts';
import { type DeliveryOutcome, transportFor } from './submissions.transport.ts';

/**
 * POST /v1/organisation/{id}/receivers/{receiverId}/test (decision 0185): a synthetic case, as
 * the receiver's own E2B(R3) message, sent through its transport — the one delivery uses, so
 * the guarded fetch, the receiver's CA and credentials — and the receiver's answer in words.
 * Nothing is stored but the audit row; the credentials are opened in memory for the send only.
 */
export async function sendTestMessage(
  deps: AppDeps,
  actor: Actor,
  params: { id: string; receiverId: string },
  requestId: string,
): Promise<ReceiverTestResult> {
  const { db, config } = deps;
  const row = await managed(db, actor, params.id, params.receiverId);
  if (row.transport === 'none' || !row.url)
    throw new AppError(
      'CONFLICT',
      'This receiver has no transport: there is nowhere to send a test message',
      {
        fields: [{ field: 'params/receiverId', message: 'has no transport', reason: 'invalid' }],
      },
    );
  const now = await readDbNow(db);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const messageId = `TEST-${stamp}-${randomBytes(4).toString('hex')}`;
  const document = sampleCase(messageId, now.toISOString().slice(0, 10));
  const message = buildMessage(document, row, messageId, now, {
    language: findingLanguage(actor),
    reference: await referenceFor(db, row.profile as E2bProfile, document),
  });

  let outcome: DeliveryOutcome;
  try {
    const transport = transportFor(config, row);
    outcome = transport
      ? await transport.deliver({ messageId, xml: message.xml })
      : { status: 'refused', httpStatus: null, body: 'This receiver has no transport' };
  } catch (error) {
    // Credentials no key opens: the same words the delivery job records.
    outcome = { status: 'refused', httpStatus: null, body: (error as Error).message };
  }
  const ack = outcome.ack ? ackOutcome(outcome.ack, messageId) : null;
  const result: ReceiverTestResult = {
    outcome: outcome.status,
    messageId,
    httpStatus: outcome.httpStatus,
    body: outcome.body,
    ack: ack ? { code: ack.ackCode, accepted: ack.status === 'ACCEPTED', errors: ack.errors } : null,
    valid: message.valid,
    findings: message.findings,
  };
  await withTransaction(db, (tx) =>
    audit(tx, {
      action: 'receiver.tested',
      entityType: 'receiver',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      details: {
        messageId,
        outcome: result.outcome,
        httpStatus: result.httpStatus,
        ackCode: result.ack?.code ?? null,
      },
      requestId,
    }),
  );
  return result;
}
