import type { CaseDocument, E2bProfile, FdaRoute } from '@vigilo/contract';
import type { BatchHeader, MessageHeader } from '@vigilo/e2b';
import type { Db } from '../../platform/db.ts';
import { platformScope } from '../../platform/scope.ts';
import { findDefaultReceiver, type ReceiverRow } from '../submissions/receivers.shared.ts';

/** The E2B settings of a receiver that the transmission headers take (decision 0170). */
export interface ReceiverHeaders {
  profile: E2bProfile;
  batchSender: string | null;
  batchReceiver: string | null;
  messageSender: string | null;
  messageReceiver: string | null;
  /** For the FDA profile: which route (decision 0231). */
  fdaRoute: FdaRoute;
}

/** Each profile's regulator, for a receiver that left its identifiers empty (decision 0095). */
const REGULATOR: Record<Exclude<E2bProfile, 'fda'>, { batch: string; message: string }> = {
  ich: { batch: 'ICH', message: 'ICH' },
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
  fdaRoute: 'case',
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
  fdaRoute: row.fda_route as FdaRoute,
});

/** An HL7 TS with its offset, to the second: `2026-11-24T16:05:09+00:00`. */
const timestamp = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

/**
 * FDA's route for a case (decision 0231): premarket (N.1.4 ZZFDA_PREMKT) for an IND safety
 * report (an IND number, FDA.C.5.5a: N.2.r.3 CDER_IND or CBER_IND) or a report from an
 * IND-exempt BA/BE study (a pre-ANDA number, FDA.C.5.5b: CDER_IND_EXEMPT_BA_BE, CDER's alone),
 * else postmarket (ZZFDA, CDER or CBER); the receiver may fix the route. The center is CBER
 * when the receiver's own N.2.r.3 names CBER, else CDER.
 */
export function fdaRouting(document: CaseDocument | undefined, receiver: ReceiverHeaders) {
  const center = receiver.messageReceiver?.toUpperCase().startsWith('CBER') ? 'CBER' : 'CDER';
  const study = document?.C?.study;
  const baBe = Boolean(study?.fdaPreAndaNumber);
  const premarket =
    receiver.fdaRoute === 'premarket' ||
    (receiver.fdaRoute === 'case' && (baBe || Boolean(study?.fdaIndNumber)));
  if (!premarket) return { batch: 'ZZFDA', message: center };
  return { batch: 'ZZFDA_PREMKT', message: baBe ? 'CDER_IND_EXEMPT_BA_BE' : `${center}_IND` };
}

/**
 * The transmission headers (N.1, N.2.r) of one message to `receiver`: its identifiers where
 * it has them; else the sender is the organisation's sender identifier (its sender profile,
 * decision 0242) or its id, the batch receiver the profile's regulator, the message sender the
 * batch sender, and the message receiver the batch receiver. For FDA, N.1.4 and N.2.r.3 are the
 * route's codes, read from the case `document` (decision 0231).
 */
export function headersFor(
  message: { id: string; organisationId: string; senderId?: string },
  receiver: ReceiverHeaders,
  document?: CaseDocument,
  // The time of writing the message, never stored: the server's clock is fine here.
  at = new Date(),
): { batch: BatchHeader; header: MessageHeader } {
  const regulator = receiver.profile === 'fda' ? fdaRouting(document, receiver) : REGULATOR[receiver.profile];
  const time = timestamp(at);
  // The organisation's sender identifier (its sender profile, decision 0242), else its id.
  const batchSender = receiver.batchSender ?? message.senderId ?? message.organisationId;
  const batchReceiver =
    receiver.profile === 'fda' ? regulator.batch : (receiver.batchReceiver ?? regulator.batch);
  const messageReceiver =
    receiver.profile === 'fda' ? regulator.message : (receiver.messageReceiver ?? batchReceiver);
  return {
    batch: { batchNumber: message.id, batchSender, batchReceiver, transmissionTime: time },
    header: {
      messageId: message.id,
      messageSender: receiver.messageSender ?? batchSender,
      messageReceiver,
      messageCreationTime: time,
    },
  };
}
