import type { E2bProfile } from '@vigilo/contract';
import type { BatchHeader, MessageHeader } from '@vigilo/e2b';
import type { Db } from '../../platform/db.ts';
import { platformScope } from '../../platform/scope.ts';
import { findDefaultReceiver, type ReceiverRow } from '../submissions/receivers.repository.ts';

/** The E2B settings of a receiver that the transmission headers take (decision 0170). */
export interface ReceiverHeaders {
  profile: E2bProfile;
  batchSender: string | null;
  batchReceiver: string | null;
  messageSender: string | null;
  messageReceiver: string | null;
}

/** Each profile's regulator, for a receiver that left its identifiers empty (decision 0095). */
const REGULATOR: Record<E2bProfile, { batch: string; message: string }> = {
  ich: { batch: 'ICH', message: 'ICH' },
  fda: { batch: 'ZZFDA', message: 'CDER' },
  eu: { batch: 'EVHUMAN', message: 'EVHUMAN' },
};

/** Where no receiver is the organisation's default (decision 0200). */
export const DEFAULT_PROFILE: E2bProfile = 'ich';

/** A profile alone: its regulator's identifiers, the organisation as sender. */
export const regulatorOf = (profile: E2bProfile): ReceiverHeaders => ({
  profile,
  batchSender: null,
  batchReceiver: null,
  messageSender: null,
  messageReceiver: null,
});

/**
 * What a case of `organisationId` is written for when the caller names no profile: the
 * organisation's default receiver (decision 0200), else ICH with its identifiers.
 */
export async function defaultReceiverOf(
  db: Db,
  of: { platformId: string; organisationId: string },
): Promise<ReceiverHeaders> {
  const row = await findDefaultReceiver(db, platformScope(of.platformId), of.organisationId);
  return row ? receiverHeaders(row) : regulatorOf(DEFAULT_PROFILE);
}

/** A stored receiver's E2B settings. */
export const receiverHeaders = (row: ReceiverRow): ReceiverHeaders => ({
  profile: row.profile as E2bProfile,
  batchSender: row.batch_sender,
  batchReceiver: row.batch_receiver,
  messageSender: row.message_sender,
  messageReceiver: row.message_receiver,
});

/** An HL7 TS with its offset, to the second: `2026-11-24T16:05:09+00:00`. */
const timestamp = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

/**
 * The transmission headers (N.1, N.2.r) of one message to `receiver`: its identifiers where
 * it has them; else the sender is the organisation's id, the batch receiver the profile's
 * regulator, the message sender the batch sender, and the message receiver CDER for FDA,
 * else the batch receiver.
 */
export function headersFor(
  message: { id: string; organisationId: string },
  receiver: ReceiverHeaders,
  // The time of writing the message, never stored: the server's clock is fine here.
  at = new Date(),
): { batch: BatchHeader; header: MessageHeader } {
  const regulator = REGULATOR[receiver.profile];
  const time = timestamp(at);
  const batchSender = receiver.batchSender ?? message.organisationId;
  const batchReceiver = receiver.batchReceiver ?? regulator.batch;
  return {
    batch: { batchNumber: message.id, batchSender, batchReceiver, transmissionTime: time },
    header: {
      messageId: message.id,
      messageSender: receiver.messageSender ?? batchSender,
      messageReceiver:
        receiver.messageReceiver ?? (receiver.profile === 'fda' ? regulator.message : batchReceiver),
      messageCreationTime: time,
    },
  };
}
